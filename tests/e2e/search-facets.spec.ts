import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { open } from "./support/app";

/**
 * The marketplace's facets, spelling correction and suggestions on the demo install's items
 * (app/modules/demo/demo-content.server.ts), read only: the shared server's other specs see the
 * same catalogue. Items other specs add are small images, below the resolutions chosen here.
 */
const demo = {
  dunes: "Coucher de soleil sur les dunes",
  lake: "Lac de montagne au petit matin",
};

const words = {
  fr: {
    search: "Mots-clés",
    resolution: "Résolution minimale",
    colour: "Couleur dominante",
    didYouMean: "Vouliez-vous dire :",
    results: (count: number) => `${count} résultat${count > 1 ? "s" : ""}`,
    suggestions: "Suggestions",
  },
  en: {
    search: "Keywords",
    resolution: "Minimum resolution",
    colour: "Dominant colour",
    didYouMean: "Did you mean:",
    results: (count: number) => `${count} result${count > 1 ? "s" : ""}`,
    suggestions: "Suggestions",
  },
} as const;

function cardTitles(page: Page) {
  return page.getByTestId("item-card").getByRole("heading");
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const lang of ["fr", "en"] as const) {
  const say = words[lang];
  test.describe(`search facets (${lang})`, () => {
    test("facets narrow the results, live in the URL and survive a reload", async ({ page }) => {
      await open(page, `/${lang}/marketplace`);
      await page.getByLabel(say.resolution).selectOption("1920");
      await expect(page).toHaveURL(/resolution=1920/);
      await expect(cardTitles(page)).toHaveText([demo.dunes, demo.lake]);
      await page.getByLabel(say.colour).selectOption("orange");
      await expect(page).toHaveURL(/resolution=1920.*colour=orange|colour=orange.*resolution=1920/);
      await expect(cardTitles(page)).toHaveText([demo.dunes]);
      await expect(page.getByTestId("result-count")).toHaveText(say.results(1));
      expect(await seriousViolations(page)).toEqual([]);

      await page.reload();
      await expect(cardTitles(page)).toHaveText([demo.dunes]);
      await expect(page.getByLabel(say.colour)).toHaveValue("orange");
      await expect(page.getByLabel(say.resolution)).toHaveValue("1920");
    });

    // "dunes" keeps the search to the demo's photo: other specs publish items about sunsets on
    // the shared server.
    test("'soliel' shows the results for 'soleil' with a did-you-mean link", async ({ page }) => {
      await open(page, `/${lang}/marketplace`);
      const search = page.getByLabel(say.search);
      await search.fill("soliel dunes");
      await search.press("Enter");
      await expect(page).toHaveURL(/q=soliel\+dunes/);
      await expect(cardTitles(page)).toHaveText([demo.dunes]);
      const line = page.getByTestId("did-you-mean");
      await expect(line).toContainText(say.didYouMean);
      await line.getByRole("link", { name: "soleil dunes" }).click();
      await expect(page).toHaveURL(/q=soleil\+dunes/);
      await expect(cardTitles(page)).toHaveText([demo.dunes]);
      await expect(page.getByTestId("did-you-mean")).toHaveCount(0);
    });

    test("suggestions while typing are reached with the keyboard", async ({ page }) => {
      await open(page, `/${lang}/marketplace`);
      const search = page.getByRole("combobox", { name: say.search });
      await search.pressSequentially("dune", { delay: 30 });
      const list = page.getByRole("listbox", { name: say.suggestions });
      await expect(list).toBeVisible();
      await expect(search).toHaveAttribute("aria-expanded", "true");
      const item = list.getByRole("option", { name: demo.dunes });
      await expect(item).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await search.press("ArrowDown");
      await expect(item).toHaveAttribute("aria-selected", "true");
      await expect(search).toHaveAttribute(
        "aria-activedescendant",
        (await item.getAttribute("id"))!,
      );
      await search.press("Escape");
      await expect(list).toBeHidden();

      await search.press("ArrowDown");
      await expect(list).toBeVisible();
      await expect(item).toHaveAttribute("aria-selected", "true");
      await search.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/${lang}/product/`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.dunes);
    });
  });
}

/**
 * The filter selects whose chosen option's text is wider than the room the select gives it
 * (its content box, less the drop-down arrow Chromium draws inside it): a phone would show it cut.
 */
async function cutSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const arrowPx = 24;
    const context = document.createElement("canvas").getContext("2d")!;
    return [...document.querySelectorAll<HTMLSelectElement>("form[role=search] select")]
      .filter((select) => {
        const style = getComputedStyle(select);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          select.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          arrowPx;
        return context.measureText(select.selectedOptions[0]?.text ?? "").width > room;
      })
      .map((select) => `${select.name}: ${select.selectedOptions[0]?.text}`);
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const lang of ["fr", "en"] as const) {
    test(`[${lang}] every filter shows its whole default, the longest French ones on a row of their own`, async ({
      page,
    }) => {
      await open(page, `/${lang}/marketplace`);
      await expect(page.getByLabel(words[lang].colour)).toBeVisible();
      expect(await cutSelects(page)).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the facets and the correction are rendered on the server", async ({ page }) => {
    await page.goto("/en/marketplace?resolution=1920&colour=orange");
    await expect(cardTitles(page)).toHaveText([demo.dunes]);
    await page.goto("/fr/marketplace?q=soliel+dunes");
    await expect(page.getByTestId("did-you-mean")).toContainText("soleil dunes");
    await expect(cardTitles(page)).toHaveText([demo.dunes]);
  });
});
