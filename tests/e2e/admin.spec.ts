import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  expectToast,
  latestMailTo,
  open,
  signInByRequest,
  waitForHydration,
} from "./support/app";
import { pngFile } from "./support/files";
import { sendToReview } from "./support/review";
import { demo, langs, texts } from "./support/texts";

/** The administration: moderation end to end, the other sections, and the refusals. */
const words = {
  fr: {
    noContent: "Aucun contenu trouvé",
    admin: "Administration",
    nav: "Sections de l'administration",
    moderation: "Modération des contenus",
    pendingTitle: "Contenus en attente",
    approve: "Approuver",
    reject: "Rejeter",
    reason: "Motif",
    note: "Précisions (facultatif)",
    confirmReject: "Confirmer le rejet",
    approved: "Contenu approuvé",
    rejected: "Contenu rejeté",
    reasonOption: "Droits ou autorisations manquants",
    sellerReason: (note: string) => `Motif du refus : Droits ou autorisations manquants — ${note}`,
    rejectedBadge: "Rejeté",
    sections: [
      "Vue d'ensemble",
      "Modération des contenus",
      "Transactions",
      "Prestataire de paiement",
      "Paramètres",
      "Journal d'audit",
      "Tâches en file",
      "E-mails envoyés",
    ],
    headings: [
      "Vue d'ensemble",
      "Contenus en attente",
      "Transactions",
      "Prestataire de paiement",
      "Paramètres de la plateforme",
      "Journal d'audit",
      "Tâches en file",
      "E-mails envoyés (mode démo)",
    ],
    auditApprove: "Contenu approuvé",
    save: "Enregistrer",
    saved: "Paramètres enregistrés",
    commission: "Taux de commission (%)",
    rejectedMail: (title: string) => `Votre contenu « ${title} » n'a pas été accepté`,
  },
  en: {
    noContent: "No content found",
    admin: "Administration",
    nav: "Administration sections",
    moderation: "Content moderation",
    pendingTitle: "Pending items",
    approve: "Approve",
    reject: "Reject",
    reason: "Reason",
    note: "Details (optional)",
    confirmReject: "Confirm rejection",
    approved: "Content approved",
    rejected: "Content rejected",
    reasonOption: "Missing rights or releases",
    sellerReason: (note: string) => `Reason for rejection: Missing rights or releases — ${note}`,
    rejectedBadge: "Rejected",
    sections: [
      "Overview",
      "Content moderation",
      "Transactions",
      "Payment provider",
      "Settings",
      "Audit log",
      "Queued jobs",
      "Sent e-mails",
    ],
    headings: [
      "Overview",
      "Pending items",
      "Transactions",
      "Payment provider",
      "Platform settings",
      "Audit log",
      "Queued jobs",
      "Sent e-mails (demo mode)",
    ],
    auditApprove: "Content approved",
    save: "Save",
    saved: "Settings saved",
    commission: "Commission rate (%)",
    rejectedMail: (title: string) => `Your item “${title}” was not accepted`,
  },
};

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

for (const lang of langs) {
  const w = words[lang];
  const g = texts[lang].guard;

  test.describe(`[${lang}] administration`, () => {
    test("an admin approves one pending item and rejects another with a reason", async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(60_000);
      const sellerContext = await browser.newContext();
      const seller = await createAccount(sellerContext.request, { lang, seller: true });
      const file = await pngFile(testInfo.outputPath(), "photo.png", 320, 200);
      const suffix = randomUUID().slice(0, 6);
      const good = `Lac ${suffix}`;
      const bad = `Logo ${suffix}`;
      await sendToReview(sellerContext.request, lang, file, good);
      await sendToReview(sellerContext.request, lang, file, bad);

      // A visitor already searching the marketplace for the item sees nothing yet.
      const visitorContext = await browser.newContext();
      const visitorPage = await visitorContext.newPage();
      await open(visitorPage, `/${lang}/marketplace?q=${encodeURIComponent(good)}`);
      await expect(visitorPage.getByText(w.noContent, { exact: true })).toBeVisible();
      await waitForHydration(visitorPage);

      await signInByRequest(page.request, demo.admin);
      await open(page, `/${lang}/admin/moderation`);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
        w.pendingTitle,
      );
      expect(await seriousViolations(page)).toEqual([]);

      const goodCard = page.getByRole("listitem", { name: good });
      await goodCard.getByRole("button", { name: w.approve }).click();
      await expectToast(page, w.approved);
      await expect(goodCard).toHaveCount(0);
      // The server pushes the change: the visitor's list shows the item without a reload.
      await expect(visitorPage.getByRole("heading", { name: good })).toBeVisible({
        timeout: 5_000,
      });
      await visitorContext.close();

      const badCard = page.getByRole("listitem", { name: bad });
      await badCard.getByRole("button", { name: w.reject }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(w.reason).selectOption({ label: w.reasonOption });
      await dialog.getByLabel(w.note).fill("Marque déposée visible.");
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: w.confirmReject }).click();
      await expectToast(page, w.rejected);
      await expect(badCard).toHaveCount(0);

      // The seller: the approved item is published, the rejected one shows its reason.
      const sellerPage = await sellerContext.newPage();
      await open(sellerPage, `/${lang}/portfolio`);
      await expect(sellerPage.getByText(good)).toBeVisible();
      await expect(sellerPage.getByText(bad)).toHaveCount(0);
      await open(sellerPage, `/${lang}/seller-dashboard?tab=content`);
      const rejectedRow = sellerPage.getByRole("listitem").filter({ hasText: bad });
      await expect(rejectedRow.getByText(w.rejectedBadge, { exact: true })).toBeVisible();
      await expect(rejectedRow.getByText(w.sellerReason("Marque déposée visible."))).toBeVisible();
      const mail = await latestMailTo(seller.email);
      expect(mail.subject).toBe(w.rejectedMail(bad));
      await sellerContext.close();

      // The audit log names the approval.
      await open(page, `/${lang}/admin/audit`);
      await expect(page.getByRole("cell", { name: w.auditApprove }).first()).toBeVisible();
    });

    test("an admin goes through every section, on a phone too", async ({ page }) => {
      // Nine pages, each with an axe analysis: slow on a loaded machine.
      test.setTimeout(150_000);
      await signInByRequest(page.request, demo.admin);
      await page.setViewportSize({ width: 375, height: 800 });
      await open(page, `/${lang}/admin`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.admin);
      const nav = page.getByRole("navigation", { name: w.nav });
      for (const [index, section] of w.sections.entries()) {
        await nav.getByRole("link", { name: section }).click();
        await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
          w.headings[index]!,
        );
        await expect(nav.locator('[aria-current="page"]')).toHaveText(section);
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, section).toBeLessThanOrEqual(0);
      }
    });

    test("an admin saves the settings and is told so", async ({ page }) => {
      await signInByRequest(page.request, demo.admin);
      await open(page, `/${lang}/admin/settings`);
      const commission = page.getByLabel(w.commission);
      // Saved as they are: other browser tests run against the same settings.
      const current = await commission.inputValue();
      await page.getByRole("button", { name: w.save, exact: true }).click();
      await expectToast(page, w.saved);
      await expect(commission).toHaveValue(current);
    });

    for (const role of ["client", "creator"] as const) {
      test(`a ${role} opening the administration is refused`, async ({ page }) => {
        await createAccount(page.request, { lang, seller: role === "creator" });
        for (const path of [`/${lang}/admin`, `/${lang}/admin/moderation`]) {
          const response = await open(page, path);
          expect(response?.status()).toBe(403);
          const main = page.getByRole("main");
          await expect(main.getByRole("heading", { level: 1 })).toHaveText(g.accessDenied);
          await expect(main.getByText(g.adminOnly)).toBeVisible();
        }
      });
    }
  });
}
