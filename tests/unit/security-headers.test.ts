import { describe, expect, it } from "vitest";
import { parseEnv } from "~/modules/config/env.server";
import { setSecurityHeaders } from "~/modules/http/security-headers.server";

/** The headers a page gets under this configuration, for a request with these headers. */
function pageHeaders(config: Record<string, string>, requestHeaders: Record<string, string> = {}) {
  const headers = new Headers();
  setSecurityHeaders(headers, {
    nonce: "bm9uY2U=",
    env: parseEnv(config),
    request: new Request("http://localhost:3000/fr", { headers: requestHeaders }),
  });
  return headers;
}

const hsts = "strict-transport-security";

describe("security headers", () => {
  it("sends HSTS behind a trusted proxy only when the proxy says the browser used HTTPS", () => {
    const https = { "X-Forwarded-Proto": "https" };
    expect(pageHeaders({ TRUST_PROXY: "true" }, https).get(hsts)).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(pageHeaders({ TRUST_PROXY: "true" }, { "X-Forwarded-Proto": "http" }).get(hsts)).toBe(
      null,
    );
    expect(pageHeaders({ TRUST_PROXY: "true" }).get(hsts)).toBeNull();
    // Without TRUST_PROXY anyone can send the header: it is not believed.
    expect(pageHeaders({}, https).get(hsts)).toBeNull();
  });

  it("lets forms lead to Stripe's and Google's pages only when they are configured", () => {
    const formAction = (config: Record<string, string>) =>
      /form-action ([^;]*)/.exec(pageHeaders(config).get("content-security-policy")!)![1];
    expect(formAction({})).toBe("'self'");
    expect(
      formAction({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" }),
    ).toBe("'self' https://checkout.stripe.com https://connect.stripe.com");
    expect(formAction({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" })).toBe(
      "'self' https://accounts.google.com",
    );
  });
});
