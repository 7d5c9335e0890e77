import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createNonce } from "~/modules/http/security-headers.server";
import {
  deflatePieces,
  gzipPageBytes,
  pageBytes,
  pageTemplate,
} from "~/modules/http/page-template.server";

/**
 * A page as React writes one: scripts and preload links carrying the nonce, text between them
 * that repeats (so that the compressor refers back across nonces) and, past 32 KiB, enough of
 * it to slide the deflate window.
 */
function page(nonce: string, cards = 400): string {
  const links = Array.from(
    { length: 30 },
    (_, index) => `<link rel="modulepreload" href="/assets/chunk-${index}.js" nonce="${nonce}"/>`,
  ).join("");
  const body = Array.from(
    { length: cards },
    (_, index) =>
      `<li class="card"><a href="/fr/product/${index}">Montagne ${index} — été, forêt</a></li>`,
  ).join("");
  return `<!DOCTYPE html><html><head>${links}</head><body><ul>${body}</ul><script nonce="${nonce}">$RC("B:1","S:1")</script></body></html>`;
}

describe("a kept page", () => {
  it("goes out with the new nonce in every place, uncompressed and gzipped", () => {
    for (const cards of [0, 5, 400, 1200]) {
      const rendered = createNonce();
      const template = pageTemplate(Buffer.from(page(rendered, cards)), rendered)!;
      expect(template).not.toBeNull();
      const deflated = deflatePieces(template)!;
      for (let round = 0; round < 5; round += 1) {
        const nonce = createNonce();
        const expected = page(nonce, cards);
        expect(pageBytes(template, nonce).toString()).toBe(expected);
        const gzipped = gzipPageBytes(template, deflated, nonce);
        // gunzip checks the CRC and the length too.
        expect(gunzipSync(gzipped).toString()).toBe(expected);
        expect(gzipped.toString("latin1")).not.toContain(rendered);
      }
    }
  });

  it("stays correct whatever bytes the page and the nonces hold", () => {
    // Random base64 text around the nonces: the compressor finds matches everywhere, also
    // across the places where the nonces stand.
    for (let round = 0; round < 20; round += 1) {
      const rendered = createNonce();
      const filler = () => randomBytes(1 + Math.floor(Math.random() * 3000)).toString("base64");
      const parts = Array.from({ length: 12 }, () => filler());
      const body = parts.join(`nonce="${rendered}"`);
      const template = pageTemplate(Buffer.from(body), rendered)!;
      const deflated = deflatePieces(template)!;
      const nonce = createNonce();
      expect(gunzipSync(gzipPageBytes(template, deflated, nonce)).toString()).toBe(
        parts.join(`nonce="${nonce}"`),
      );
    }
  });

  it("is refused when a nonce attribute carries another value than the render's nonce", () => {
    const rendered = createNonce();
    const body = `${page(rendered)}<script nonce="${createNonce()}"></script>`;
    expect(pageTemplate(Buffer.from(body), rendered)).toBeNull();
    expect(pageTemplate(Buffer.from(page(rendered)), "short")).toBeNull();
  });

  it("costs fewer bytes gzipped than the page itself", () => {
    const rendered = createNonce();
    const template = pageTemplate(Buffer.from(page(rendered)), rendered)!;
    const gzipped = gzipPageBytes(template, deflatePieces(template)!, createNonce());
    expect(gzipped.length).toBeLessThan(pageBytes(template, createNonce()).length / 4);
  });
});
