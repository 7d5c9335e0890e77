import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { validCvc, validExpiry } from "../../support/test-card";
import { OUTBOX_DIR } from "./env";
import type { Lang } from "./texts";

/** A unique, valid address, so tests never share an account. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now()}-${randomUUID().slice(0, 8)}@example.test`;
}

export const password = "Motdepasse-e2e-2026";

/** Fills the test provider's card form, after the number: a valid expiry date and CVC. */
export async function fillExpiryAndCvc(page: Page): Promise<void> {
  await page.locator("#card-expiry").fill(validExpiry());
  await page.locator("#card-cvc").fill(validCvc);
}

/**
 * Resolves once React has taken over the server-rendered page. Until then a click on a menu, a
 * tab or a form does nothing, or submits the form without JavaScript. React marks the element it
 * hydrates into (the document) and installs its event listeners in the same call; events arriving
 * while the tree is still hydrating are handled by React itself.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
  );
}

/** Opens a page and waits until it is interactive. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** A toast (sonner) with this text. */
export function toast(page: Page, text: string): Locator {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ has: page.getByText(text, { exact: true }) });
}

/**
 * Checks that a toast says `text`, then closes it as a person would, so that it cannot cover
 * what the test clicks next during its five seconds.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  const close = shown.getByRole("button", {
    name: /^(Fermer la notification|Close notification)$/,
  });
  // On a slow machine the toast may time out on its own while being closed: either way it goes.
  await expect(async () => {
    if ((await shown.count()) > 0) await close.click({ timeout: 2_000 });
    await expect(shown).toBeHidden({ timeout: 2_000 });
  }).toPass();
}

export interface AccountOptions {
  lang?: Lang;
  email?: string;
  seller?: boolean;
  firstName?: string;
  storeName?: string;
}

/**
 * Creates an account through the register form's endpoint, as the form posts it without
 * JavaScript. With a page's `request`, the browser context is then signed in; with the `request`
 * fixture it is not.
 */
export async function createAccount(
  request: APIRequestContext,
  options: AccountOptions = {},
): Promise<{ email: string; password: string; storeName?: string }> {
  const lang = options.lang ?? "fr";
  const email = options.email ?? uniqueEmail(options.seller ? "seller" : "client");
  const storeName = options.seller
    ? (options.storeName ?? `Boutique ${randomUUID().slice(0, 6)}`)
    : undefined;
  const response = await request.post(`/${lang}/auth${options.seller ? "/seller" : ""}`, {
    form: {
      intent: "register",
      accountType: options.seller ? "creator" : "client",
      firstName: options.firstName ?? "Test",
      lastName: "E2e",
      email,
      password,
      confirmPassword: password,
      country: "fr",
      terms: "on",
      ...(storeName ? { storeName } : {}),
    },
  });
  // Following the redirect also takes the one-shot "signed up" toast, which would otherwise
  // cover the header on the next page.
  expect(response.ok(), `sign-up of ${email}`).toBe(true);
  expect(new URL(response.url()).pathname).toBe(
    options.seller ? `/${lang}/seller-dashboard` : `/${lang}`,
  );
  return { email, password, storeName };
}

/** Signs a browser context in through the sign-in form's endpoint. */
export async function signInByRequest(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const response = await request.post("/fr/auth", {
    form: { intent: "login", email: credentials.email, password: credentials.password },
  });
  expect(response.ok(), `sign-in of ${credentials.email}`).toBe(true);
  expect(new URL(response.url()).pathname).toBe("/fr");
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The newest e-mail sent to `to`, waiting for it to be written to the outbox. */
export async function latestMailTo(to: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(OUTBOX_DIR).catch(() => [] as string[]);
        // Names start with a millisecond timestamp: newest last once sorted numerically.
        const sorted = names
          .filter((name) => name.endsWith(".json"))
          .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
        for (const name of sorted.reverse()) {
          const mail = JSON.parse(
            await fs.readFile(path.join(OUTBOX_DIR, name), "utf8"),
          ) as OutboxMail;
          if (mail.to === to) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to} in ${OUTBOX_DIR}` },
    )
    .toBe(true);
  return found!;
}

/** Presses Tab until `target` has the focus (keyboard-only navigation). */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reachable with Tab in ${maxPresses} presses`).toBeFocused();
}
