import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createAccount, expectToast, open, signInByRequest, waitForHydration } from "./support/app";
import { pngFile } from "./support/files";
import { approveAsAdmin, sendToReview } from "./support/review";
import { demo as accounts } from "./support/texts";

/** The demo install's approved items (app/modules/demo/demo-content.server.ts). */
const demo = {
  video: "Mire animée HD",
  audio: "Accord majeur apaisant",
  freePhoto: "Lac de montagne au petit matin",
  photo: "Coucher de soleil sur les dunes",
  vector: "Motif vectoriel pastel",
};

const words = {
  fr: { results: /^\d+ résultats?$/, empty: "Aucun contenu trouvé", free: "Gratuit" },
  en: { results: /^\d+ results?$/, empty: "No content found", free: "Free" },
} as const;

const featureWords = {
  fr: {
    feature: "Mettre en avant",
    unfeature: "Retirer de la une",
    featured: "Contenu mis en avant sur l'accueil",
    unfeatured: "Contenu retiré de la une",
    section: "Contenus en vedette",
  },
  en: {
    feature: "Feature on home page",
    unfeature: "Remove from featured",
    featured: "Item featured on the home page",
    unfeatured: "Item removed from featured",
    section: "Featured content",
  },
} as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

function cardTitles(page: Page | Locator) {
  return page.getByTestId("item-card").getByRole("heading");
}

/** The product page of a demo item, found through the marketplace's search. */
async function productUrl(page: Page, lang: "fr" | "en", title: string): Promise<string> {
  await open(page, `/${lang}/marketplace?q=${encodeURIComponent(title)}`);
  const link = page.getByTestId("item-card").getByRole("link", { name: title, exact: true });
  return (await link.getAttribute("href"))!;
}

for (const lang of ["fr", "en"] as const) {
  test.describe(`catalogue (${lang})`, () => {
    test("search ignores accents and tolerates a typo", async ({ page }) => {
      await open(page, `/${lang}/marketplace`);
      const search = page.getByLabel(lang === "fr" ? "Mots-clés" : "Keywords");
      await search.fill("animee");
      await search.press("Enter");
      await expect(page).toHaveURL(/q=animee/);
      await expect(cardTitles(page)).toHaveText([demo.video]);
      await search.fill("montagen");
      await search.press("Enter");
      await expect(page).toHaveURL(/q=montagen/);
      await expect(cardTitles(page)).toHaveText([demo.freePhoto]);
      await search.fill("zzzxqwv");
      await search.press("Enter");
      await expect(page.getByText(words[lang].empty)).toBeVisible();
    });

    test("search 'ete' finds a title with 'Été', whatever the case", async ({
      page,
      browser,
    }, testInfo) => {
      // The demo has no 'Été' title: a seller sends one to review and an admin approves it.
      const unique = randomUUID().slice(0, 8);
      const title = `Été ${unique}`;
      const seller = await browser.newContext();
      await createAccount(seller.request, { lang, seller: true });
      const file = await pngFile(testInfo.outputPath(), "ete.png", 320, 200);
      await sendToReview(seller.request, lang, file, title);
      await seller.close();
      await (await approveAsAdmin(browser, title)).close();

      await open(page, `/${lang}/marketplace`);
      const search = page.getByLabel(lang === "fr" ? "Mots-clés" : "Keywords");
      for (const typed of ["ete", "ÉTÉ", "eTe"]) {
        await search.fill(`${typed} ${unique}`);
        await search.press("Enter");
        await expect(page).toHaveURL(new RegExp(`q=.*${unique}`));
        await expect(cardTitles(page)).toHaveText([title]);
      }
    });

    test("each filter and sort changes the results and the URL", async ({ page }) => {
      await open(page, `/${lang}/marketplace`);
      await page
        .getByLabel(lang === "fr" ? "Catégorie" : "Category", { exact: true })
        .selectOption("video");
      await expect(page).toHaveURL(/category=video/);
      await expect(cardTitles(page)).toHaveText([demo.video]);
      await page
        .getByLabel(lang === "fr" ? "Catégorie" : "Category", { exact: true })
        .selectOption("");
      await expect(page).not.toHaveURL(/category=/);
      await page.getByLabel(lang === "fr" ? "Prix" : "Price", { exact: true }).selectOption("free");
      await expect(page).toHaveURL(/price=free/);
      await expect(cardTitles(page).first()).toHaveText(demo.freePhoto);
      for (const price of await page.getByTestId("card-price").allTextContents()) {
        expect(price).toBe(words[lang].free);
      }
      await page
        .getByLabel(lang === "fr" ? "Prix" : "Price", { exact: true })
        .selectOption("10-25");
      await expect(page).toHaveURL(/price=10-25/);
      await expect(cardTitles(page)).toContainText([demo.photo]);
      await expect(cardTitles(page)).not.toContainText([demo.freePhoto]);
      await page.getByLabel(lang === "fr" ? "Prix" : "Price", { exact: true }).selectOption("all");
      await page.getByLabel(lang === "fr" ? "Trier par" : "Sort by").selectOption("price-desc");
      await expect(page).toHaveURL(/sort=price-desc/);
      await expect(cardTitles(page).first()).toHaveText(demo.video);
      await page.getByLabel(lang === "fr" ? "Trier par" : "Sort by").selectOption("price-asc");
      await expect(page).toHaveURL(/sort=price-asc/);
      await expect(cardTitles(page).first()).not.toHaveText(demo.video);
      await page.getByRole("link", { name: lang === "fr" ? "Liste" : "List" }).click();
      await expect(page).toHaveURL(/view=list/);
      await expect(page).toHaveURL(/sort=price-asc/);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the category bar and the home show counts, and the home features six items", async ({
      page,
    }) => {
      await open(page, `/${lang}`);
      await expect(page.getByTestId("category-count-video")).toHaveText(/^[1-9]\d*$/);
      await expect(page.getByTestId("category-count-vector")).toHaveText(/^[1-9]\d*$/);
      const featured = page.getByRole("region", {
        name: lang === "fr" ? "Contenus en vedette" : "Featured content",
      });
      await expect(featured.getByTestId("item-card")).toHaveCount(6);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the product page plays its video preview and shows the licence forms", async ({
      page,
    }) => {
      const url = await productUrl(page, lang, demo.video);
      await open(page, url);
      await expect(page.getByRole("heading", { level: 1, name: demo.video })).toBeVisible();
      const video = page.getByTestId("product-video");
      await expect(async () => {
        await page.reload();
        await expect(video).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0);
      const form = page.locator(`form[action="/${lang}/cart"]`);
      await expect(form.locator('input[name="submissionId"]')).toHaveCount(1);
      await expect(form.getByRole("radio")).toHaveCount(3);
      await form.getByRole("radio").nth(1).check();
      await expect(page.getByTestId("line-price")).toHaveText(
        lang === "fr" ? /105,00\s€/ : "€105.00",
      );
      await expect(
        form.getByRole("button", { name: lang === "fr" ? "Ajouter au panier" : "Add to cart" }),
      ).toBeVisible();
      await expect(
        form.getByRole("button", { name: lang === "fr" ? "Acheter maintenant" : "Buy now" }),
      ).toHaveAttribute("formaction", `/${lang}/checkout`);
      await expect(page.getByTestId("info-panel")).toContainText("1280 × 720 px");
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the product page plays its audio preview", async ({ page }) => {
      const url = await productUrl(page, lang, demo.audio);
      const audio = page.getByTestId("product-audio");
      await expect(async () => {
        await open(page, url);
        await expect(audio).toBeVisible({ timeout: 1_000 });
      }).toPass();
      await audio.evaluate((element: HTMLAudioElement) => {
        element.muted = true;
        return element.play();
      });
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
        .toBeGreaterThan(0);
    });

    test("a like persists across a reload", async ({ page }) => {
      const url = await productUrl(page, lang, demo.vector);
      await createAccount(page.request, { lang });
      await open(page, url);
      const like = page.getByTestId("like-button");
      await expect(like).toHaveAttribute("aria-pressed", "false");
      const before = Number(await page.getByTestId("like-count").textContent());
      // The button turns at once (optimistic); the reload must wait for the like to be saved.
      const saved = page.waitForResponse((response) => response.request().method() === "POST");
      await like.click();
      await expect(like).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId("like-count")).toHaveText(String(before + 1));
      await saved;
      await open(page, url);
      await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
      // Unlike again so the demo item's count stays as other tests expect it.
      const unsaved = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByTestId("like-button").click();
      await expect(page.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
      await unsaved;
    });

    test("unknown and malformed product ids show 'not found' with a 404", async ({ page }) => {
      const unknown = await page.goto(`/${lang}/product/00000000-0000-4000-8000-000000000000`);
      expect(unknown?.status()).toBe(404);
      await expect(
        page.getByRole("heading", {
          name: lang === "fr" ? "Produit non trouvé" : "Product not found",
        }),
      ).toBeVisible();
      const malformed = await page.goto(`/${lang}/product/abc`);
      expect(malformed?.status()).toBe(404);
      await expect(
        page.getByRole("heading", {
          name: lang === "fr" ? "Produit non trouvé" : "Product not found",
        }),
      ).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a deep link with filters renders the same results on the server", async ({ page }) => {
    await page.goto("/fr/marketplace?category=photo&price=free&sort=recent");
    await expect(cardTitles(page)).toHaveText([demo.freePhoto]);
    await expect(page.getByTestId("result-count")).toHaveText("1 résultat");
    await expect(page.getByLabel("Catégorie", { exact: true })).toHaveValue("photo");
    await expect(page.getByLabel("Prix", { exact: true })).toHaveValue("free");
    // The Apply button submits the filters as a plain GET form.
    await page.getByLabel("Prix", { exact: true }).selectOption("all");
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(page).toHaveURL(/category=photo&price=all&sort=recent/);
    await expect(cardTitles(page)).toContainText([demo.photo]);
    await page.goto("/en/marketplace?q=dunes");
    await expect(cardTitles(page)).toHaveText([demo.photo]);
  });
});

test.describe("featured row", () => {
  // Both languages pin the same item and check it comes first: one after the other, so that
  // one language's unpinning never happens while the other looks at the home page.
  test.describe.configure({ mode: "serial" });
  for (const lang of ["fr", "en"] as const) {
    test(`[${lang}] an admin pins an item to the home's featured row, then unpins it`, async ({
      page,
    }) => {
      const say = featureWords[lang];
      const url = await productUrl(page, lang, demo.photo);
      // A visitor has no such control.
      await open(page, url);
      await expect(page.getByRole("button", { name: say.feature })).toHaveCount(0);

      await signInByRequest(page.request, accounts.admin);
      await open(page, url);
      await page.getByRole("button", { name: say.feature }).click();
      await expectToast(page, say.featured);
      await expect(page.getByRole("button", { name: say.unfeature })).toBeVisible();

      await open(page, `/${lang}`);
      const featured = page.getByRole("region", { name: say.section });
      await expect(cardTitles(featured).first()).toHaveText(demo.photo);

      await open(page, url);
      await page.getByRole("button", { name: say.unfeature }).click();
      await expectToast(page, say.unfeatured);
      await expect(page.getByRole("button", { name: say.feature })).toBeVisible();
    });
  }
});

test("an open page's category count changes within 2 s after an admin approves in another browser", async ({
  page,
  browser,
}, testInfo) => {
  const sellerContext = await browser.newContext();
  await createAccount(sellerContext.request, { lang: "fr", seller: true });
  const title = `Galets ${randomUUID().slice(0, 6)}`;
  const file = await pngFile(testInfo.outputPath(), "photo.png", 320, 200);
  await sendToReview(sellerContext.request, "fr", file, title);
  await sellerContext.close();

  await open(page, "/en/marketplace");
  await waitForHydration(page);
  const photos = page.getByTestId("category-count-photo");
  const before = Number(await photos.textContent());

  const adminContext = await approveAsAdmin(browser, title);
  // At least one more: other tests running alongside may approve photos too.
  await expect
    .poll(async () => Number(await photos.textContent()), { timeout: 2_000 })
    .toBeGreaterThan(before);
  await adminContext.close();
});

for (const lang of ["fr", "en"] as const) {
  test(`[${lang}] the product page's JavaScript stays under 200 KB gzipped`, async ({ page }) => {
    const url = await productUrl(page, lang, demo.video);
    // Everything the browser fetched from the first byte to a working page, lazy chunks included.
    const scripts = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (/\/assets\/[\w.-]+\.js$/.test(response.url())) {
        scripts.set(response.url(), response.body());
      }
    });
    await page.goto(url);
    await waitForHydration(page);
    await expect(
      page.getByRole("button", { name: lang === "fr" ? "Ajouter au panier" : "Add to cart" }),
    ).toBeEnabled();
    let gzipped = 0;
    for (const body of scripts.values()) gzipped += gzipSync(await body).length;
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzipped / 1024).toBeLessThan(200);
  });
}
