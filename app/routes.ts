import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("sign-out", "routes/sign-out.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("api/uploads/:id", "routes/api.uploads.ts", { id: "routes/api.uploads-id" }),
  route("media/:uploadId/:variant", "routes/media.ts"),
  route("api/studio/ai-metadata", "routes/api.studio-ai-metadata.ts"),
  // Commerce: payment events, the test provider's hosted page, payment results, downloads.
  route("api/payments/webhook/:provider", "routes/api.payments-webhook.ts"),
  route("test-pay/:sessionId", "routes/test-pay.tsx"),
  route("payment-success", "routes/payment-success.tsx"),
  route("payment-cancelled", "routes/payment-cancelled.tsx"),
  route("downloads/:uploadId", "routes/downloads.ts"),
  route("downloads/:uploadId/file", "routes/downloads-file.ts"),
  // Pages that exist without a language prefix (part 1 §2.1).
  route("test-accounts", "routes/test-accounts.tsx"),
  route("create-test-accounts", "routes/create-test-accounts.tsx"),
  route("auth", "routes/auth.tsx", { id: "routes/auth-unprefixed" }),
  route("admin", "routes/admin.tsx", { id: "routes/admin-unprefixed" }),
  // Everything else lives under /fr or /en; the layout redirects other first segments to /fr.
  route(":lang", "routes/lang-layout.tsx", [
    index("routes/home.tsx"),
    route("marketplace", "routes/marketplace.tsx"),
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
    route("admin", "routes/admin.tsx"),
    // Commerce pages.
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("certificates/:number", "routes/certificate.tsx"),
    // Payouts: payment account actions, the test provider's onboarding page, the monthly
    // statement, the admin's refund page and action, the buyer's receipt (page and PDF).
    route("seller-dashboard/payout-account", "routes/seller-payout-account.ts"),
    route("seller-dashboard/statement", "routes/seller-statement.ts"),
    route("test-connect/:accountId", "routes/test-connect.tsx"),
    route("admin/refunds/:orderId", "routes/admin-refund.tsx"),
    route("receipts/:orderId", "routes/receipt.tsx"),
    route("receipts/:orderId/pdf", "routes/receipt-pdf.ts"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
