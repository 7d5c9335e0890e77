import { expect, test, type Page } from "@playwright/test";
import { open } from "./support/app";

// What a phone receives first decides when it paints (decision record 0065): the style sheet,
// the only file that blocks rendering, and the page's largest image come before any script in
// the page's head, so the browser asks for them first; every page starts with a handful of
// script files, not thirty small ones; and every script the page names carries the response's
// CSP nonce (decision record 0037).

/** The demo photo, as the marketplace's search finds it: its card is the first result. */
const photo = "Coucher de soleil sur les dunes";

/** At most this many scripts named by a first visit (39 on the product page before grouping). */
const maxScriptFiles = 14;

type Tag = { name: string; html: string; index: number };

/** The `<link>` and `<script>` start tags of a document, in document order. */
function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<(link|script)\b[^>]*>/g)].map((match) => ({
    name: match[1]!,
    html: match[0],
    index: match.index,
  }));
}

const attribute = (tag: Tag, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag.html)?.[1];

/** The HTML and the CSP nonce of a page, as the browser received them on a first visit. */
async function firstVisit(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  const policy = (await response!.allHeaders())["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, "a nonce-based policy").toBeTruthy();
  return { html: await response!.text(), nonce: nonce! };
}

async function productPath(page: Page, lang: string): Promise<string> {
  const listing = await (
    await page.request.get(`/${lang}/marketplace?q=${encodeURIComponent(photo)}`)
  ).text();
  const path = new RegExp(`href="(/${lang}/product/[0-9a-f-]{36})"`).exec(listing)?.[1];
  expect(path, "the demo photo on the marketplace").toBeTruthy();
  return path!;
}

/** The hero video's poster, the home page's largest paint. */
const posterOf = (html: string) => /<video\b[^>]*\sposter="([^"]+)"/.exec(html)?.[1];

const pages: {
  name: string;
  path: (lang: string, page: Page) => Promise<string>;
  /** Where the page names its largest image, when the preload must point at that very file. */
  largestImageHref?: (html: string) => string | undefined;
}[] = [
  { name: "home", path: async (lang) => `/${lang}`, largestImageHref: posterOf },
  { name: "marketplace", path: async (lang) => `/${lang}/marketplace` },
  { name: "product", path: (lang, page) => productPath(page, lang) },
];

for (const lang of ["fr", "en"] as const) {
  for (const { name, path, largestImageHref } of pages) {
    test(`${name} (${lang}): style sheet and largest image before the scripts, few script files, each with the nonce`, async ({
      page,
    }) => {
      const { html, nonce } = await firstVisit(page, await path(lang, page));
      const headEnd = html.indexOf("</head>");
      const tags = tagsOf(html);
      const stylesheets = tags.filter((tag) => attribute(tag, "rel") === "stylesheet");
      const modulepreloads = tags.filter((tag) => attribute(tag, "rel") === "modulepreload");
      const scripts = tags.filter(
        (tag) => tag.name === "script" && attribute(tag, "type") !== "application/ld+json",
      );

      expect(stylesheets).toHaveLength(1);
      const stylesheet = stylesheets[0]!;
      expect(stylesheet.index).toBeLessThan(headEnd);
      expect(modulepreloads.length).toBeGreaterThan(0);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of [...modulepreloads, ...scripts]) {
        expect(script.index, `${script.html} after the style sheet`).toBeGreaterThan(
          stylesheet.index,
        );
        expect(attribute(script, "nonce"), `${script.html} carries the nonce`).toBe(nonce);
      }

      const imagePreloads = tags.filter(
        (tag) =>
          attribute(tag, "rel") === "preload" &&
          attribute(tag, "as") === "image" &&
          attribute(tag, "fetchPriority") === "high",
      );
      expect(imagePreloads).toHaveLength(1);
      if (largestImageHref) {
        const href = largestImageHref(html);
        expect(href, "where the page names its largest image").toBeTruthy();
        expect(attribute(imagePreloads[0]!, "href")).toBe(href);
      }
      expect(imagePreloads[0]!.index).toBeLessThan(
        Math.min(...modulepreloads.map((tag) => tag.index)),
      );

      expect(modulepreloads.length).toBeLessThanOrEqual(maxScriptFiles);
    });
  }
}

test("the style sheet stays one element that applies, after hydration and a client-side navigation", async ({
  page,
}) => {
  // React manages it as a style resource (its precedence): it keeps the server's element rather
  // than inserting a second one, and a navigation does not remove it.
  const stylesheets = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => ({
        inHead: link.parentElement === document.head,
        loaded: (link as HTMLLinkElement).sheet !== null,
      })),
    );
  await open(page, "/fr");
  expect(await stylesheets()).toEqual([{ inHead: true, loaded: true }]);
  // A category of the bar: React Router renders the marketplace without reloading the document.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("navigation", { name: "Catégories" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/fr\/marketplace\?category=/);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(await stylesheets()).toEqual([{ inHead: true, loaded: true }]);
});
