import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/root-redirect.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("sign-out", "routes/sign-out.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("api/uploads/:id", "routes/api.uploads.ts", { id: "routes/api.uploads-id" }),
  route("media/:uploadId/:variant", "routes/media.ts"),
  route("api/studio/ai-metadata", "routes/api.studio-ai-metadata.ts"),
  // Catalogue: live counts, search-engine files.
  route("api/catalogue/events", "routes/api.catalogue-events.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  // Pages that exist without a language prefix (part 1 §2.1).
  route("test-accounts", "routes/test-accounts.tsx"),
  route("create-test-accounts", "routes/create-test-accounts.tsx"),
  route("auth", "routes/auth.tsx", { id: "routes/auth-unprefixed" }),
  route("admin", "routes/admin.tsx", { id: "routes/admin-unprefixed" }),
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
    route("admin", "routes/admin.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
