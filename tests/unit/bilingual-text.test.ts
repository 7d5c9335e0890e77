import { describe, expect, it } from "vitest";
import { inLocale, shownLocale, tagsInLocale } from "~/modules/i18n/bilingual-text";
import { saveBlocker } from "~/modules/studio/product-form";

const text = (fr: string, en: string) => ({ fr, en });

describe("a product's text in both languages", () => {
  it("shows the page's language, and the other one where it is empty or blank", () => {
    expect(inLocale(text("Plage", "Beach"), "en")).toBe("Beach");
    expect(inLocale(text("Plage", "  "), "en")).toBe("Plage");
    expect(inLocale(text("", "Beach"), "fr")).toBe("Beach");
    expect(shownLocale(text("Plage", ""), "en")).toBe("fr");
    expect(shownLocale(text("Plage", "Beach"), "en")).toBe("en");
    expect(tagsInLocale({ fr: ["mer"], en: [] }, "en")).toEqual(["mer"]);
    expect(tagsInLocale({ fr: ["mer"], en: ["sea"] }, "en")).toEqual(["sea"]);
  });

  it("saves a draft with a title in either language, and publishes one complete language", () => {
    const fields = (title: [string, string], description: [string, string]) => ({
      kind: "photo" as const,
      title: text(...title),
      description: text(...description),
    });
    expect(saveBlocker(fields(["", ""], ["Une plage", ""]), "draft", false)).toBe("titleRequired");
    expect(saveBlocker(fields(["", "Beach"], ["", ""]), "draft", false)).toBeNull();
    expect(saveBlocker(fields(["Plage", ""], ["", "A beach"]), "publish", false)).toBe(
      "titleAndDescriptionRequired",
    );
    expect(saveBlocker(fields(["", "Beach"], ["", "A beach"]), "publish", false)).toBeNull();
    expect(saveBlocker(fields(["Plage", " "], ["Une plage", ""]), "publish", false)).toBeNull();
  });
});
