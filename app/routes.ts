import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("sign-out", "routes/sign-out.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("api/uploads/:id", "routes/api.uploads.ts", { id: "routes/api.uploads-id" }),
  route("media/:uploadId/:variant", "routes/media.ts"),
  // The demo install's generated hero clip and poster (app/modules/demo/site-hero.server.ts).
  route("site/:name", "routes/site-asset.ts"),
  // Originals of submitted files, for administrators only (decision record 0050).
  route("admin/originals/:uploadId", "routes/admin-original.ts"),
  route("api/studio/ai-metadata", "routes/api.studio-ai-metadata.ts"),
  route("api/studio/translate", "routes/api.studio-translate.ts"),
  // Commerce: payment events, the test provider's hosted page, payment results, downloads.
  route("api/payments/webhook/:provider", "routes/api.payments-webhook.ts"),
  route("test-pay/:sessionId", "routes/test-pay.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-cancelled", "routes/payment-cancelled.tsx"),
  route("downloads/zip", "routes/downloads-zip.ts"),
  route("downloads/:uploadId", "routes/downloads.ts"),
  route("downloads/:uploadId/file", "routes/downloads-file.ts"),
  // Catalogue: live counts, search-engine files.
  route("api/catalogue/events", "routes/api.catalogue-events.ts"),
  route("api/catalogue/suggestions", "routes/api.catalogue-suggestions.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Pages that exist without a language prefix (docs/product.md, "Languages").
  route("test-accounts", "routes/test-accounts.tsx"),
  route("create-test-accounts", "routes/create-test-accounts.tsx"),
  route("auth", "routes/auth.tsx", { id: "routes/auth-unprefixed" }),
  route("admin", "routes/admin.tsx", { id: "routes/admin-unprefixed" }),
  // Public pages: the cookie notice's answer (a form post from any page).
  route("cookie-consent", "routes/cookie-consent.ts"),
  // Everything else lives under /fr or /en; the layout redirects other first segments to /fr.
  route(":lang", "routes/lang-layout.tsx", [
    index("routes/home.tsx"),
    route("marketplace", "routes/marketplace.tsx"),
    // Catalogue: product and creator pages.
    route("product", "routes/product.tsx", { id: "routes/product-missing-id" }),
    route("product/:id", "routes/product.tsx"),
    route("creator/:creatorId", "routes/creator.tsx"),
    route("auth", "routes/auth.tsx"),
    route("auth/seller", "routes/auth.tsx", { id: "routes/auth-seller" }),
    route("auth/forgot-password", "routes/forgot-password.tsx"),
    route("auth/reset-password", "routes/reset-password.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("seller-dashboard", "routes/seller-dashboard.tsx"),
    route("product-management", "routes/product-management.tsx"),
    route("file-upload", "routes/file-upload.tsx"),
    route("seller-dashboard/content/:submissionId", "routes/seller-content-edit.tsx"),
    route("portfolio", "routes/portfolio.tsx"),
    route("buyer-dashboard", "routes/buyer-dashboard.tsx"),
    // Saved items: favourites (likes), named collections, and a collection's share link.
    route("favourites", "routes/favourites.tsx"),
    route("collections", "routes/collections.tsx"),
    route("collections/:collectionId", "routes/collection.tsx"),
    route("shared/:token", "routes/shared-collection.tsx"),
    route("confirm-email", "routes/confirm-email.tsx"),
    // Administration (decision record 0016): one page per section; see app/components/admin/admin-sections.tsx.
    route("admin", "routes/admin.tsx"),
    route("admin/moderation", "routes/admin.moderation.tsx"),
    route("admin/transactions", "routes/admin.transactions.tsx"),
    route("admin/transactions.csv", "routes/admin.transactions-csv.ts"),
    route("admin/payments", "routes/admin.payments.tsx"),
    route("admin/settings", "routes/admin.settings.tsx"),
    route("admin/audit", "routes/admin.audit.tsx"),
    route("admin/outbox", "routes/admin.outbox.tsx"),
    route("admin/jobs", "routes/admin.jobs.tsx"),
    // Public pages: about, licences, legal texts, help centre, contact, business pages, and the
    // admins' inbox of contact messages.
    route("about", "routes/about.tsx"),
    route("licenses", "routes/licenses.tsx"),
    route("terms", "routes/legal.tsx", { id: "routes/legal-terms" }),
    route("privacy-policy", "routes/legal.tsx", { id: "routes/legal-privacy-policy" }),
    route("cookie-policy", "routes/legal.tsx", { id: "routes/legal-cookie-policy" }),
    route("license-agreement", "routes/legal.tsx", { id: "routes/legal-license-agreement" }),
    route("support", "routes/support.tsx"),
    route("contact", "routes/contact.tsx"),
    route("enterprise", "routes/business.tsx", { id: "routes/business-enterprise" }),
    route("press", "routes/business.tsx", { id: "routes/business-press" }),
    route("partnerships", "routes/business.tsx", { id: "routes/business-partnerships" }),
    route("sales", "routes/business.tsx", { id: "routes/business-sales" }),
    route("feedback", "routes/feedback.tsx"),
    route("admin/messages", "routes/admin-messages.tsx"),
    // Commerce pages.
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("certificates/:number", "routes/certificate.tsx"),
    route("certificates/:number/pdf", "routes/certificate-pdf.ts"),
    // Credits, subscriptions and Infinity (decision record 0027).
    route("packages-pricing", "routes/packages-pricing.tsx"),
    route("infinity", "routes/infinity.tsx"),
    route("credits", "routes/credits-actions.ts"),
    route("credits/settings", "routes/credits-settings.tsx"),
    // Payouts: payment account actions, the test provider's onboarding page, the monthly
    // statement, the admin's refund page and action, the buyer's receipt (page and PDF).
    route("seller-dashboard/payout-account", "routes/seller-payout-account.ts"),
    route("seller-dashboard/statement", "routes/seller-statement.ts"),
    route("test-connect/:accountId", "routes/test-connect.tsx"),
    route("admin/refunds/:orderId", "routes/admin-refund.tsx"),
    route("receipts/:orderId", "routes/receipt.tsx"),
    route("receipts/:orderId/pdf", "routes/receipt-pdf.ts"),
    // Credits: each subscription payment's receipt (first period and renewals).
    route("receipts/subscriptions/:invoiceId", "routes/receipt.tsx", {
      id: "routes/receipt-subscription",
    }),
    route("receipts/subscriptions/:invoiceId/pdf", "routes/receipt-pdf.ts", {
      id: "routes/receipt-subscription-pdf",
    }),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
