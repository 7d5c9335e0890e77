import { expect } from "vitest";
import type { LicenceId } from "~/modules/db/schema";
import { postForm, type CookieJar, type TestApp } from "./test-app";
import { drainJobs } from "./jobs";
import { validCvc, validExpiry } from "./test-card";

/** The toast a response carries (its catalog key), read from the flash cookie. */
export function flashKey(response: Response): string | null {
  for (const header of response.headers.getSetCookie()) {
    const match = /^vitrine_flash=([^;]+)/.exec(header);
    if (!match || !match[1]) continue;
    try {
      const decoded = JSON.parse(
        Buffer.from(decodeURIComponent(match[1]), "base64").toString("utf8"),
      ) as { key?: string };
      return decoded.key ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Posts the product page's 'Ajouter au panier' form (the contract's fields). */
export function addToCart(
  app: TestApp,
  jar: CookieJar,
  submissionId: string,
  licenceId: LicenceId | string = "standard",
  extra: Record<string, string> = {},
) {
  return postForm(
    app,
    "/fr/cart",
    { intent: "add", submissionId, licenceId, ...extra },
    {
      cookies: jar,
    },
  );
}

/** Starts the checkout of the cart; returns the test provider's session id. */
export async function checkout(app: TestApp, jar: CookieJar): Promise<string> {
  const response = await postForm(app, "/fr/checkout", { intent: "pay" }, { cookies: jar });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = new URL(response.headers.get("location")!);
  const match = /^\/test-pay\/(cs_test_[0-9a-f]+)$/.exec(location.pathname);
  expect(match).not.toBeNull();
  return match![1]!;
}

/**
 * Pays on the test provider's hosted page with a card number (a valid expiry and CVC by
 * default), and waits for the worker to carry out what the payment queued (e-mails, transfers).
 */
export async function payWithCard(
  app: TestApp,
  jar: CookieJar,
  sessionId: string,
  card: string,
  { expiry = validExpiry(), cvc = validCvc }: { expiry?: string; cvc?: string } = {},
) {
  const response = await postForm(
    app,
    `/test-pay/${sessionId}?lang=fr`,
    { intent: "pay", cardNumber: card, expiry, cvc },
    { cookies: jar },
  );
  await drainJobs(await app.services());
  return response;
}
