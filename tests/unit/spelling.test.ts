import { describe, expect, it } from "vitest";
import { closestSpelling, editDistance } from "~/modules/catalogue/spelling";

describe("spelling correction", () => {
  it("counts a swap of two neighbouring letters as one edit", () => {
    expect(editDistance("soliel", "soleil")).toBe(1);
    expect(editDistance("montagen", "montagne")).toBe(1);
    expect(editDistance("plage", "plages")).toBe(1);
    expect(editDistance("chat", "chien")).toBe(3);
  });

  it("picks the nearest candidate within the edits the word's length allows", () => {
    expect(closestSpelling("soliel", ["sole", "soleil", "solide"])).toBe("soleil");
    // Four letters allow one edit: 'lcaa' is two away from 'lac'.
    expect(closestSpelling("lcaa", ["lac"])).toBeUndefined();
    expect(closestSpelling("qxzvwk", ["soleil", "montagne"])).toBeUndefined();
  });
});
