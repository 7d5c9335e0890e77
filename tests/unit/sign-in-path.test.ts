import { describe, expect, it } from "vitest";
import { signInPath } from "~/components/shared/sign-in-path";

describe("sign-in link with the way back", () => {
  it("carries a path of this site", () => {
    expect(signInPath("fr", "/fr/cart")).toBe("/fr/auth?redirectTo=%2Ffr%2Fcart");
    expect(signInPath("en", "/en/product/1?licence=extended")).toBe(
      "/en/auth?redirectTo=%2Fen%2Fproduct%2F1%3Flicence%3Dextended",
    );
  });

  it("drops another site, nothing, and the sign-in pages themselves", () => {
    for (const back of ["//evil.example", "https://evil.example/x", "/\\evil.example", "", null]) {
      expect(signInPath("fr", back)).toBe("/fr/auth");
    }
    expect(signInPath("fr", "/fr/auth?redirectTo=%2Ffr")).toBe("/fr/auth");
    expect(signInPath("en", "/en/auth/seller")).toBe("/en/auth");
  });
});
