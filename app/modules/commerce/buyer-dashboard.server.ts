import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import {
  awaitingConfirmation,
  emailChangeSchema,
  requestEmailChange,
} from "../accounts/email-change.server";
import { changePassword, passwordChangeSchema } from "../accounts/password-change.server";
import { findBilling } from "../billing/billing.server";
import { countryOptions, submitBilling } from "../billing/billing-form.server";
import { creditsOverview } from "../credits/overview.server";
import { formatBytes, formatDate } from "../i18n/i18n";
import type { Locale } from "../i18n/locale";
import { paymentProvider } from "../payments/payments.server";
import { buyerProfile, profileSchema, updateBuyerProfile } from "./buyer-profile.server";
import type { BuyerTab } from "./buyer-tabs";
import { isDownloadable } from "./ownership.server";
import { listPurchases, purchasedFiles, purchaseStats } from "./purchases.server";

/**
 * What the buyer dashboard ('Mes achats') shows on one tab: the figures and purchases always,
 * and only the tab's own reads besides (files, credits, profile and billing details).
 */
export async function buyerDashboard(
  app: Services,
  viewer: Viewer,
  { tab, q, locale }: { tab: BuyerTab; q: string; locale: Locale },
) {
  const [stats, purchases, profile] = await Promise.all([
    purchaseStats(app.db, viewer.id),
    listPurchases(app.db, viewer.id, locale, tab === "purchases" ? q : ""),
    buyerProfile(app, viewer.id),
  ]);
  const files =
    tab === "downloads"
      ? await purchasedFiles(
          app.db,
          purchases.map((row) => row.submissionId),
        )
      : [];
  // Credits tab (decision record 0027).
  const credits = tab === "credits" ? await creditsOverview(app.db, viewer.id, locale) : null;
  const pendingEmail = tab === "profile" ? await awaitingConfirmation(app.db, viewer.id) : null;
  // Billing details for invoices (decision record 0052), edited on the profile tab.
  const billing = tab === "profile" ? await findBilling(app.db, viewer.id) : null;
  return {
    credits,
    testProvider: paymentProvider(app).name === "test",
    tab,
    q,
    name: viewer.displayName,
    stats,
    profile: { ...profile, pendingEmail },
    billing,
    countries: tab === "profile" ? countryOptions(locale) : [],
    purchases: purchases.map((row) => ({
      ...row,
      date: formatDate(locale, row.createdAt),
      active: isDownloadable(row),
      picture: pictureOf(files.filter((file) => file.submissionId === row.submissionId)),
      files: files
        .filter((file) => file.submissionId === row.submissionId && file.purpose === "original")
        .map((file) => ({
          id: file.id,
          fileName: file.fileName,
          size: formatBytes(locale, file.size),
          bytes: file.size,
          format: fileFormat(file),
        })),
    })),
  };
}

export type BuyerPurchase = Awaited<ReturnType<typeof buyerDashboard>>["purchases"][number];

type PurchasedFile = Awaited<ReturnType<typeof purchasedFiles>>[number];

/** The picture standing for an item (its cover first): a thumbnail, else a video's poster. */
function pictureOf(files: PurchasedFile[]): string | null {
  const file = files.find((candidate) => candidate.thumbnail || candidate.poster);
  return file ? `/media/${file.id}/${file.thumbnail ? "thumbnail" : "poster"}` : null;
}

/** "JPEG", "MP4", "PDF": what the file is, as buyers name formats. */
function fileFormat(file: PurchasedFile): string {
  const named = file.format ?? file.mime?.split("/")[1] ?? file.fileName.split(".").pop() ?? "";
  return named.replace(/^x-/, "").toUpperCase();
}

/** The catalog key of the toast confirming a saved form. */
type SavedKey =
  | "commerce.dashboard.saved"
  | "commerce.dashboard.passwordSaved"
  | "commerce.dashboard.emailSent"
  | "billing.saved";

export type ProfileOutcome =
  | { kind: "saved"; flash: SavedKey; cookies?: Headers }
  | { kind: "refused"; body: { form: "profile" | "password" | "email"; error: string } }
  | {
      kind: "billingRefused";
      billingErrors: NonNullable<Awaited<ReturnType<typeof submitBilling>>>;
    }
  | { kind: "badIntent" };

/**
 * The profile tab's four forms: name and language, billing details, password (the other
 * sessions end; the re-issued cookie comes back in `cookies`) and the e-mail change (decision
 * 0030). Each refusal names its form, so the page shows it beside that form.
 */
export async function saveBuyerProfile(
  app: Services,
  viewer: Viewer,
  requestHeaders: Headers,
  form: FormData,
  locale: Locale,
): Promise<ProfileOutcome> {
  const intent = form.get("intent");
  if (intent === "profile") {
    const parsed = profileSchema.safeParse({
      displayName: form.get("displayName"),
      locale: form.get("locale"),
    });
    if (!parsed.success) {
      return { kind: "refused", body: { error: parsed.error.issues[0]!.message, form: "profile" } };
    }
    await updateBuyerProfile(app, viewer.id, parsed.data);
    return { kind: "saved", flash: "commerce.dashboard.saved" };
  }
  if (intent === "billing") {
    const billingErrors = await submitBilling(app.db, viewer.id, form);
    if (billingErrors) return { kind: "billingRefused", billingErrors };
    return { kind: "saved", flash: "billing.saved" };
  }
  if (intent === "password") {
    const parsed = passwordChangeSchema.safeParse({
      currentPassword: form.get("currentPassword"),
      newPassword: form.get("newPassword"),
    });
    if (!parsed.success) {
      return {
        kind: "refused",
        body: { error: parsed.error.issues[0]!.message, form: "password" },
      };
    }
    const outcome = await changePassword(app, viewer, requestHeaders, parsed.data);
    if (!outcome.ok) return { kind: "refused", body: { error: outcome.error, form: "password" } };
    return { kind: "saved", flash: "commerce.dashboard.passwordSaved", cookies: outcome.headers };
  }
  if (intent === "email") {
    const parsed = emailChangeSchema.safeParse({
      newEmail: form.get("newEmail"),
      currentPassword: form.get("currentPassword"),
    });
    if (!parsed.success) {
      return { kind: "refused", body: { error: parsed.error.issues[0]!.message, form: "email" } };
    }
    const outcome = await requestEmailChange(app, viewer, requestHeaders, parsed.data, locale);
    if (!outcome.ok) return { kind: "refused", body: { error: outcome.error, form: "email" } };
    return { kind: "saved", flash: "commerce.dashboard.emailSent" };
  }
  return { kind: "badIntent" };
}
