import { describe, expect, it } from "vitest";
import { canonicalLocation } from "~/modules/http/canonical-host.server";

const base = "https://vitrine.example";

function request(url: string, init: RequestInit = {}) {
  return new Request(url, init);
}

describe("the canonical host", () => {
  it("moves GET and HEAD from another host name to BASE_URL's, path and query kept", () => {
    expect(canonicalLocation(request("http://www.vitrine.example/fr/cart?x=1"), base, false)).toBe(
      "https://vitrine.example/fr/cart?x=1",
    );
    expect(
      canonicalLocation(request("http://10.0.0.5:3000/en", { method: "HEAD" }), base, false),
    ).toBe("https://vitrine.example/en");
  });

  it("leaves other methods and the load balancer's probes where they arrive", () => {
    const post = request("http://10.0.0.5:3000/api/payments/webhook/stripe", {
      method: "POST",
      body: "{}",
    });
    expect(canonicalLocation(post, base, false)).toBeNull();
    expect(canonicalLocation(request("http://10.0.0.5:3000/healthz"), base, false)).toBeNull();
    expect(canonicalLocation(request("http://10.0.0.5:3000/readyz"), base, false)).toBeNull();
  });

  it("compares only the host without a trusted proxy: the scheme seen here is the proxy's", () => {
    const proxied = request("http://vitrine.example/fr", {
      headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" },
    });
    expect(canonicalLocation(proxied, base, false)).toBeNull();
  });

  it("reads the public host and scheme from a trusted proxy", () => {
    const headers = (host: string, proto: string) => ({
      "X-Forwarded-Host": host,
      "X-Forwarded-Proto": proto,
    });
    const at = (host: string, proto: string) =>
      canonicalLocation(
        request("http://127.0.0.1:3000/fr?q=1", { headers: headers(host, proto) }),
        base,
        true,
      );
    expect(at("vitrine.example", "https")).toBeNull();
    expect(at("vitrine.example:443", "https")).toBeNull();
    expect(at("www.vitrine.example", "https")).toBe("https://vitrine.example/fr?q=1");
    expect(at("vitrine.example", "http")).toBe("https://vitrine.example/fr?q=1");
    expect(at("vitrine.example, proxy.internal", "https, http")).toBeNull();
  });
});
