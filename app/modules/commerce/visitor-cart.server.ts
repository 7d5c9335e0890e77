import { createCookie } from "react-router";
import { z } from "~/modules/validation/zod";
import type { Database } from "../db/client.server";
import { isLicenceId, mergeVisitorCart, type CartRef } from "./cart.server";

/** A visitor's cart lives in a signed cookie (ids and licences only) until sign-in merges it. */
export const visitorCartLimit = 50;

const refSchema = z.object({
  s: z.string().uuid(),
  l: z.string().refine(isLicenceId),
});

function cookie(secret: string) {
  return createCookie("vitrine_cart", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [secret],
  });
}

export async function readVisitorCart(request: Request, secret: string): Promise<CartRef[]> {
  const raw: unknown = await cookie(secret).parse(request.headers.get("Cookie"));
  const parsed = z.array(refSchema).max(visitorCartLimit).safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.map((ref) => ({
    submissionId: ref.s,
    licenceId: ref.l as CartRef["licenceId"],
  }));
}

export async function writeVisitorCart(
  headers: Headers,
  secret: string,
  refs: readonly CartRef[],
): Promise<void> {
  const value = refs
    .slice(0, visitorCartLimit)
    .map((ref) => ({ s: ref.submissionId, l: ref.licenceId }));
  headers.append(
    "Set-Cookie",
    value.length > 0
      ? await cookie(secret).serialize(value)
      : await cookie(secret).serialize("", { maxAge: 0 }),
  );
}

export function hasVisitorCart(request: Request): boolean {
  return /(?:^|;\s*)vitrine_cart=[^;]/.test(request.headers.get("Cookie") ?? "");
}

/**
 * Once a visitor signs in, the cart kept in the cookie moves into the account (lines already
 * there win) and the cookie is cleared. Runs on the first page the account opens.
 */
export async function adoptVisitorCart(
  request: Request,
  services: { db: Database; secret: string },
  userId: string,
  headers: Headers,
): Promise<void> {
  if (!hasVisitorCart(request)) return;
  const refs = await readVisitorCart(request, services.secret);
  await mergeVisitorCart(services.db, userId, refs);
  await writeVisitorCart(headers, services.secret, []);
}
