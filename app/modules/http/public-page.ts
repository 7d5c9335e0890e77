/**
 * What a route exports as its `handle` to say that its page, for a visitor who is not signed in,
 * is the same for everyone who asks for the same address: it may be kept whole between
 * requests and served again (decision record 0061). Only pages that read nothing of the
 * viewer's but the cookie notice's answer: never the cart, accounts, dashboards, admin,
 * checkout or sign-in pages.
 */
export const publicPage = { publicPage: true } as const;

export function isPublicPageHandle(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { publicPage?: unknown }).publicPage === true
  );
}
