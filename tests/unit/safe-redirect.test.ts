import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/modules/http/safe-redirect";

describe("same-site redirect targets", () => {
  it.each([
    ["//evil.example"],
    ["//evil.example/fr"],
    ["/\\evil.example"],
    ["/\\\\evil.example"],
    // A backslash then a letter: the browser reads `//t/evil.example`, host `t`.
    ["/\\t/evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/ /evil.example"],
    ["/\u0000/evil.example"],
    ["/\u2028/evil.example"],
    ["/fr/cart\u0007"],
    ["https://evil.example/fr"],
    ["http:evil.example"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)//"],
    ["data:text/html,<script>alert(1)</script>"],
    ["evil.example"],
    ["fr/cart"],
    [""],
  ])("refuses %j", (target) => {
    expect(safeRedirectTarget(target)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget(undefined)).toBeNull();
    expect(safeRedirectTarget(new File(["/fr"], "x"))).toBeNull();
  });

  it.each([
    ["/"],
    ["/fr"],
    ["/fr/cart"],
    ["/en/marketplace?q=chat%20noir&category=photos&page=2"],
    ["/fr/admin/refunds/0b6a?tab=lines#line-3"],
    ["/fr/product/abc?redirect=//evil.example"],
    // Percent-encoded slashes and backslashes stay in the path: browsers do not decode them.
    ["/%5Cevil.example"],
    ["/%2F%2Fevil.example"],
    ["/%09/evil.example"],
  ])("keeps the path of this site %j", (target) => {
    expect(safeRedirectTarget(target)).toBe(target);
  });
});
