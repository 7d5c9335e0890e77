import { describe, expect, it } from "vitest";
import "~/modules/i18n/catalogs.server";
import { coalescingStream } from "~/modules/http/coalescing-stream.server";
import { formatMoney, formatNumber, getI18n } from "~/modules/i18n/i18n";

describe("translations looked up once", () => {
  it("give each language its own text for a plain key, every time", () => {
    const fr = getI18n("fr").getFixedT("fr", "translation");
    const en = getI18n("en").getFixedT("en", "translation");
    expect(fr("header.searchLabel")).toBe(fr("header.searchLabel"));
    expect(fr("header.searchLabel")).not.toBe(en("header.searchLabel"));
    expect(getI18n("fr").getFixedT("fr", "translation")("header.searchLabel")).toBe(
      fr("header.searchLabel"),
    );
  });

  it("still interpolate and pluralise calls with options", () => {
    const fr = getI18n("fr").getFixedT("fr", "translation");
    expect(fr("header.cartWithCount", { count: 1 })).toBe("Panier, 1 article");
    expect(fr("header.cartWithCount", { count: 3 })).toBe("Panier, 3 articles");
  });
});

describe("formatters kept per locale", () => {
  it("format numbers and money for each locale, whatever was formatted before", () => {
    expect(formatMoney("fr", 123456)).toBe(formatMoney("fr", 123456));
    expect(formatMoney("fr", 123456)).toMatch(/^1\s234,56\s€$/);
    expect(formatMoney("en", 123456)).toBe("€1,234.56");
    expect(formatNumber("fr", 1234)).toMatch(/^1\s234$/);
    expect(formatNumber("en", 1234)).toBe("1,234");
  });
});

describe("coalescing stream", () => {
  it("hands on what was written in one turn as one chunk, and later writes after it", async () => {
    let ended = false;
    const stream = coalescingStream(() => {
      ended = true;
    });
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const finished = new Promise((resolve) => stream.on("end", resolve));
    stream.write(Buffer.from("<html>"));
    stream.write(Buffer.from("<body>"));
    stream.write(Buffer.from("shell"));
    await new Promise((resolve) => setImmediate(resolve));
    stream.write(Buffer.from("later"));
    stream.end(Buffer.from("</html>"));
    await finished;
    expect(chunks).toEqual(["<html><body>shell", "later</html>"]);
    expect(ended).toBe(true);
  });
});
