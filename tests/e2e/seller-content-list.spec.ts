import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createAccount, expectToast, open } from "./support/app";
import { pngFile } from "./support/files";
import { approveAsAdmin, sendToReview } from "./support/review";
import { langs } from "./support/texts";

/**
 * A creator's list of items: filtered and paged in the URL, two prices edited at once, and a
 * published item's new title sending it back to moderation (docs/product.md, "Moderation").
 */
const words = {
  fr: {
    count: (n: number) => `${n} contenus`,
    pageStatus: (page: number) => `Page ${page} sur 2`,
    next: "Page suivante",
    status: "Statut",
    approved: "Approuvés",
    search: "Rechercher un titre",
    sort: "Trier par",
    byTitle: "Titre",
    filter: "Filtrer",
    select: (title: string) => `Sélectionner « ${title} »`,
    price: "Prix (€)",
    apply: "Appliquer à la sélection",
    confirmTitle: "Modifier 2 contenus ?",
    confirm: "Appliquer",
    done: "2 contenus modifiés.",
    newPrice: "7,50\u00a0€",
    typedPrice: "7,50",
    editTitle: "Titre (Français)",
    save: "Enregistrer",
    updated: "Contenu mis à jour",
    pendingBadge: "En attente",
  },
  en: {
    count: (n: number) => `${n} items`,
    pageStatus: (page: number) => `Page ${page} of 2`,
    next: "Next page",
    status: "Status",
    approved: "Approved items",
    search: "Search a title",
    sort: "Sort by",
    byTitle: "Title",
    filter: "Filter",
    select: (title: string) => `Select “${title}”`,
    price: "Price (€)",
    apply: "Apply to the selection",
    confirmTitle: "Edit 2 items?",
    confirm: "Apply",
    done: "2 items updated.",
    newPrice: "€7.50",
    typedPrice: "7.50",
    editTitle: "Title (English)",
    save: "Save",
    updated: "Content updated",
    pendingBadge: "Pending",
  },
};

for (const lang of langs) {
  const w = words[lang];
  test(`[${lang}] a creator filters, pages, edits two prices at once and re-sends a published item`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await createAccount(page.request, { seller: true, lang });
    const file = await pngFile(testInfo.outputPath(), "lot.png");
    const mark = randomUUID().slice(0, 6);
    const lots = Array.from({ length: 21 }, (_, n) => `Lot ${mark} ${String(n).padStart(2, "0")}`);
    for (const title of lots) await sendToReview(page.request, lang, file, title);
    const published = `Phare ${mark}`;
    await sendToReview(page.request, lang, file, published);
    const adminContext = await approveAsAdmin(browser, published);
    await adminContext.close();

    await open(page, `/${lang}/seller-dashboard?tab=content`);
    await expect(page.getByText(w.count(22))).toBeVisible();
    await expect(page.getByText(w.pageStatus(1))).toBeVisible();
    await page.getByRole("link", { name: w.next }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(w.pageStatus(2))).toBeVisible();
    await expect(page.locator("ul > li.card")).toHaveCount(2);

    // Only the published item.
    await page.getByLabel(w.status).selectOption({ label: w.approved });
    await page.getByRole("button", { name: w.filter }).click();
    await expect(page).toHaveURL(/status=approved/);
    await expect(page.locator("ul > li.card")).toHaveCount(1);
    await expect(page.getByRole("link", { name: published })).toBeVisible();

    // Two lots by title, their price set together.
    await open(page, `/${lang}/seller-dashboard?tab=content`);
    await page.getByLabel(w.search).fill(`Lot ${mark}`);
    await page.getByLabel(w.sort).selectOption({ label: w.byTitle });
    await page.getByRole("button", { name: w.filter }).click();
    await expect(page).toHaveURL(/sort=title/);
    await expect(page.getByText(w.count(21))).toBeVisible();
    await page.getByLabel(w.select(lots[0]!)).check();
    await page.getByLabel(w.select(lots[1]!)).check();
    await page.getByLabel(w.price, { exact: true }).fill(w.typedPrice);
    await page.getByRole("button", { name: w.apply }).click();
    const dialog = page.getByRole("dialog", { name: w.confirmTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: w.confirm }).click();
    await expectToast(page, w.done);
    for (const title of lots.slice(0, 2))
      await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(w.newPrice);
    await expect(page.getByRole("listitem").filter({ hasText: lots[2]! })).not.toContainText(
      w.newPrice,
    );

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual(
      [],
    );

    // A new title on the published item: back to moderation.
    await open(page, `/${lang}/seller-dashboard?tab=content&status=approved`);
    await page.getByRole("link", { name: published }).click();
    await page.getByLabel(w.editTitle).fill(`${published} au large`);
    await page.getByRole("button", { name: w.save, exact: true }).click();
    await expectToast(page, w.updated);
    await expect(page.getByText(w.pendingBadge).first()).toBeVisible();

    // A phone-sized screen does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, `/${lang}/seller-dashboard?tab=content`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
