import { createCookie } from "react-router";

export const consentChoices = ["essential", "all"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/**
 * The visitor's answer to the cookie notice. Itself an essential cookie: it only remembers the
 * choice, for 6 months, after which the notice asks again.
 */
const consentCookie = createCookie("vitrine_cookie_consent", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 182,
});

export async function readConsent(request: Request): Promise<ConsentChoice | null> {
  const value: unknown = await consentCookie.parse(request.headers.get("Cookie"));
  return consentChoices.find((choice) => choice === value) ?? null;
}

export async function consentHeader(choice: ConsentChoice | null): Promise<string> {
  return choice === null
    ? consentCookie.serialize("", { maxAge: 0 })
    : consentCookie.serialize(choice);
}
