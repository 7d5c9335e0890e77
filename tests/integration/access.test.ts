import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/auth/roles";
import { signedInAs } from "../support/accounts";
import { routeTable } from "../support/route-table";
import type { CookieJar } from "../support/test-app";
import { postForm, testApp, type TestApp } from "../support/test-app";

/**
 * Every route of the app, by id, with who may open it. A route missing here fails the test,
 * so a new page cannot ship without saying who it is for.
 */
const expectedAccess: Record<string, "public" | "redirect" | "api" | Role[]> = {
  root: "public",
  "routes/root-redirect": "redirect",
  "routes/api.auth": "api",
  "routes/sign-out": "redirect",
  // tus endpoint: its hooks check role and ownership (tests/integration/uploads.test.ts).
  "routes/api.uploads": "api",
  "routes/api.uploads-id": "api",
  // Derived media files: checked per file (tests/integration/media-access.test.ts).
  "routes/media": "api",
  // Originals for admins only, 404 for everyone else: tests/integration/moderation-tools.test.ts.
  "routes/admin-original": "api",
  // Seller-only JSON endpoint: checked in tests/integration/studio.test.ts.
  "routes/api.studio-ai-metadata": "api",
  // Sellers' translation endpoint: 401/403 checked in tests/integration/bilingual-catalogue.test.ts.
  "routes/api.studio-translate": "api",
  "routes/test-accounts": "public",
  "routes/create-test-accounts": ["admin"],
  "routes/auth-unprefixed": "public",
  "routes/admin-unprefixed": ["admin"],
  "routes/lang-layout": "public",
  "routes/home": "public",
  "routes/marketplace": "public",
  "routes/auth": "public",
  "routes/auth-seller": "public",
  "routes/forgot-password": "public",
  "routes/confirm-email": "public",
  "routes/reset-password": "public",
  "routes/dashboard": "redirect",
  "routes/seller-dashboard": ["creator", "admin"],
  "routes/product-management": ["creator", "admin"],
  "routes/file-upload": ["creator", "admin"],
  "routes/seller-content-edit": ["creator", "admin"],
  "routes/portfolio": ["creator", "admin"],
  "routes/buyer-dashboard": ["client", "admin"],
  // Saved items: anyone signed in likes and collects; each collection only by its owner
  // (tests/integration/collections.test.ts). A share link opens for anyone.
  "routes/favourites": ["client", "creator", "admin"],
  "routes/collections": ["client", "creator", "admin"],
  "routes/collection": ["client", "creator", "admin"],
  "routes/shared-collection": "public",
  "routes/admin": ["admin"],
  "routes/admin.moderation": ["admin"],
  "routes/admin.transactions": ["admin"],
  "routes/admin.transactions-csv": ["admin"],
  "routes/admin.payments": ["admin"],
  "routes/admin.settings": ["admin"],
  "routes/admin.audit": ["admin"],
  "routes/admin.outbox": ["admin"],
  "routes/admin.jobs": ["admin"],
  "routes/not-found": "public",
  // Public pages (tests/integration/public-pages.test.ts).
  "routes/cookie-consent": "redirect",
  "routes/about": "public",
  "routes/licenses": "public",
  "routes/legal-terms": "public",
  "routes/legal-privacy-policy": "public",
  "routes/legal-cookie-policy": "public",
  "routes/legal-license-agreement": "public",
  "routes/support": "public",
  "routes/contact": "public",
  "routes/business-enterprise": "public",
  "routes/business-press": "public",
  "routes/business-partnerships": "public",
  "routes/business-sales": "public",
  "routes/feedback": "public",
  "routes/admin-messages": ["admin"],
  // Commerce. Signed events: signature checked (tests/integration/commerce.test.ts, stripe.test.ts).
  "routes/api.payments-webhook": "api",
  // The test provider's page, payment results and certificates: any signed-in account, and
  // then only its own order or certificate (commerce.test.ts, buyer-dashboard.test.ts).
  "routes/test-pay": ["client", "creator", "admin"],
  "routes/payment-success": ["client", "creator", "admin"],
  "routes/payment-cancelled": "public",
  "routes/certificate": ["client", "creator", "admin"],
  "routes/certificate-pdf": "api",
  // Originals: checked per file, and the signed link per user (commerce.test.ts).
  "routes/downloads": "api",
  "routes/downloads-file": "api",
  // Several originals as one archive: the same check per file (downloads-zip.test.ts).
  "routes/downloads-zip": "api",
  // The home page's hero clip and poster: public files.
  "routes/site-asset": "public",
  // Viewable by visitors (docs/product.md, "Roles and access"); checkout shows 'Connexion requise' and its action refuses.
  "routes/cart": "public",
  "routes/checkout": "public",
  // Catalogue: public pages and files; the product page's like action refuses visitors
  // (tests/integration/catalogue.test.ts).
  "routes/api.catalogue-events": "public",
  // Suggestions of items on sale only: tests/integration/search-facets.test.ts.
  "routes/api.catalogue-suggestions": "public",
  "routes/sitemap": "public",
  "routes/robots": "public",
  "routes/product": "public",
  "routes/product-missing-id": "public",
  "routes/creator": "public",
  // Credits (decision record 0027): the pricing pages are public; the credits form endpoint (POST only)
  // requires a signed-in account and checks ownership (tests/integration/credits.test.ts).
  "routes/packages-pricing": "public",
  "routes/infinity": "public",
  "routes/credits-actions": "api",
  "routes/credits-settings": ["admin"],
  // Payouts: the payment-account actions and the statement CSV answer with redirects and files
  // (checked in tests/integration/payouts-http.test.ts); the pages are guarded as usual.
  "routes/seller-payout-account": "api",
  "routes/seller-statement": "api",
  "routes/test-connect": ["creator", "admin"],
  "routes/admin-refund": ["admin"],
  "routes/receipt": ["client", "creator", "admin"],
  "routes/receipt-pdf": "api",
  "routes/receipt-subscription": ["client", "creator", "admin"],
  "routes/receipt-subscription-pdf": "api",
};

const allRoles: Role[] = ["client", "creator", "admin"];

describe("route access", () => {
  let app: TestApp;
  const jars = {} as Record<Role, CookieJar>;

  beforeAll(async () => {
    app = await testApp();
    for (const role of allRoles) jars[role] = (await signedInAs(app, role)).jar;
  });

  it("knows who may open every route", async () => {
    const unknown = (await routeTable()).filter((route) => !(route.id in expectedAccess));
    expect(unknown.map((route) => route.id)).toEqual([]);
  });

  it("refuses visitors and wrong roles on every protected route, and lets the right roles in", async () => {
    const protectedRoutes = (await routeTable()).filter((route) =>
      Array.isArray(expectedAccess[route.id]),
    );
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of protectedRoutes) {
      const allowed = expectedAccess[route.id] as Role[];
      const visitor = await app.fetch(route.path);
      expect(visitor.status, `${route.path} as visitor`).toBe(401);
      expect(await visitor.text()).toContain("Connexion requise");
      for (const role of allRoles) {
        const response = await app.fetch(route.path, { cookies: jars[role] });
        // A route with a parameter lets the right roles past its guard, then finds nothing by
        // the placeholder's name: a 404, not a refusal.
        const found = route.path.includes("/:") ? 404 : 200;
        const expected = allowed.includes(role) ? found : 403;
        expect(response.status, `${route.path} as ${role}`).toBe(expected);
        if (expected === 403) expect(await response.text()).toContain("Accès refusé");
      }
      if (route.hasAction) {
        const post = await postForm(app, route.path, {});
        expect(post.status, `POST ${route.path} as visitor`).toBe(401);
        for (const role of allRoles.filter((candidate) => !allowed.includes(candidate))) {
          const refused = await postForm(app, route.path, {}, { cookies: jars[role] });
          expect(refused.status, `POST ${route.path} as ${role}`).toBe(403);
        }
      }
    }
  });

  it("names the current and required roles when refusing, in the page's language", async () => {
    const html = await (await app.fetch("/en/admin", { cookies: jars.creator })).text();
    expect(html).toContain("Access denied");
    expect(html).toContain("Only administrators can access this page.");
    expect(html).toContain("Your role: Creator");
    expect(html).toContain("Required roles: Administrator");
  });

  it("routes /dashboard by role", async () => {
    expect((await app.fetch("/fr/dashboard")).headers.get("location")).toBe("/fr/auth");
    const client = await app.fetch("/fr/dashboard", { cookies: jars.client });
    expect(client.headers.get("location")).toBe("/fr/buyer-dashboard");
    const creator = await app.fetch("/en/dashboard", { cookies: jars.creator });
    expect(creator.headers.get("location")).toBe("/en/seller-dashboard");
    const admin = await app.fetch("/fr/dashboard", { cookies: jars.admin });
    expect(admin.headers.get("location")).toBe("/fr/seller-dashboard");
  });

  it("lets an admin run the test-account tool, which reports existing accounts", async () => {
    const response = await postForm(app, "/create-test-accounts", {}, { cookies: jars.admin });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Compte admin@vitrine.test existe déjà");
    expect(html).toContain("Tous les comptes de test ont été créés avec succès !");
  });
});
