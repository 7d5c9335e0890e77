import { expect, test, type Locator, type Page } from "@playwright/test";
import { open } from "./support/app";

// Cards and the product page offer WebP copies by width, with the JPEG as fallback and the box
// sized before the image arrives (decision record 0048). The demo install's photos are
// processed at boot, so their copies exist.

/** The demo photo, as the marketplace's search finds it. */
const photo = "Coucher de soleil sur les dunes";

async function expectSizedWebpPicture(image: Locator, variant: RegExp) {
  const source = image.locator("xpath=preceding-sibling::source");
  await expect(source).toHaveAttribute("type", "image/webp");
  await expect(source).toHaveAttribute("srcset", variant);
  await expect(source).toHaveAttribute("sizes", /vw/);
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
}

/** The copy the browser picked, once it has loaded it: a WebP from the srcset. */
async function loadedSource(page: Page, image: Locator): Promise<string> {
  await expect(image).toHaveJSProperty("complete", true);
  const current = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  const response = await page.request.get(current);
  expect(response.headers()["content-type"]).toBe("image/webp");
  return new URL(current).pathname;
}

for (const lang of ["fr", "en"] as const) {
  test(`cards and the product page serve WebP by width with a sized box (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `/${lang}/marketplace?q=${encodeURIComponent(photo)}`);
    const card = page.getByTestId("item-card").filter({ hasText: photo }).first();
    const cardImage = card.locator("picture img");
    await expectSizedWebpPicture(cardImage, /\/card-320 320w, .*\/card-640 640w/);
    // The first card of the results is fetched at once, first.
    await expect(cardImage).toHaveAttribute("fetchpriority", "high");
    await expect(cardImage).toHaveAttribute("loading", "eager");
    expect(await loadedSource(page, cardImage)).toMatch(/\/card-(320|640)$/);

    await card.getByRole("link", { name: photo, exact: true }).click();
    const preview = page.getByTestId("product-preview");
    await expectSizedWebpPicture(
      preview,
      /\/still-640 640w, .*\/still-960 960w, .*\/still-1280 1280w/,
    );
    await expect(preview).toHaveAttribute("fetchpriority", "high");
    // A phone 390 px wide at this test's device scale takes a copy narrower than the 1280 px JPEG.
    expect(await loadedSource(page, preview)).toMatch(/\/still-(640|960)$/);
  });
}

test("the product page announces its largest image in the head, where the browser sees it first", async ({
  page,
}) => {
  await open(page, `/fr/marketplace?q=${encodeURIComponent(photo)}`);
  const href = await page
    .getByTestId("item-card")
    .getByRole("link", { name: photo, exact: true })
    .getAttribute("href");
  const html = await (await page.request.get(href!)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(
    /<link rel="preload" as="image" type="image\/webp" fetchPriority="high" imageSrcSet="[^"]*still-640 640w/,
  );
});
