import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "~/modules/i18n/catalog.en";
import { fr } from "~/modules/i18n/catalog.fr";
import { createTranslator } from "~/modules/i18n/translator";

// The app's translator replaces i18next (decision record 0048); on every key of both catalogs
// it must give what i18next gives, with and without values, so no text changes.
type Tree = { [key: string]: unknown };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === "string" ? [prefix + name] : keysOf(value as Tree, `${prefix}${name}.`),
  );
}

const values = { name: "Ana", title: "Lac", amount: "12 €", n: "3", page: 2, pages: 5 };

for (const [locale, catalog] of [
  ["fr", fr],
  ["en", en],
] as const) {
  describe(`translator (${locale})`, () => {
    const reference = i18next.createInstance();
    void reference.init({
      lng: locale,
      fallbackLng: false,
      resources: { [locale]: { translation: catalog } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const expected = reference.getFixedT(locale) as unknown as (k: string, o?: object) => unknown;
    const t = createTranslator(locale, catalog as Tree);
    const keys = keysOf(catalog as Tree);

    it("gives i18next's text for every key, plain and with values", () => {
      expect(keys.length).toBeGreaterThan(500);
      for (const key of keys) {
        expect(t(key), key).toBe(expected(key));
        expect(t(key, values), key).toBe(expected(key, values));
      }
    });

    it("picks the same plural as i18next for every plural key", () => {
      const plurals = [
        ...new Set(
          keys.filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_(one|other)$/, "")),
        ),
      ];
      expect(plurals.length).toBeGreaterThan(10);
      for (const key of plurals) {
        for (const count of [0, 1, 2, 21, 1.5]) {
          expect(t(key, { ...values, count }), `${key} ${count}`).toBe(
            expected(key, { ...values, count }),
          );
        }
      }
    });

    it("returns whole sections when asked, and a missing key as itself", () => {
      expect(t("admin.jobs.typeNames", { returnObjects: true })).toEqual(
        expected("admin.jobs.typeNames", { returnObjects: true }),
      );
      expect(t("nothing.here")).toBe("nothing.here");
      expect(t("nothing.here", { count: 2 })).toBe(expected("nothing.here", { count: 2 }));
    });
  });
}
