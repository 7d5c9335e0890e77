import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import {
  categoryCounts,
  CatalogueError,
  featuredItems,
  searchCatalogue,
  setFeatured,
} from "~/modules/catalogue/catalogue.server";
import { parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { createCountsCache } from "~/modules/catalogue/counts-cache.server";
import {
  auditLog,
  catalogueFeatured,
  contentSubmissions,
  exclusiveHolds,
  profiles,
} from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { createEventBus } from "~/modules/events/event-bus.server";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { type CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let seller: Viewer;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  seller = (await account("creator")).viewer;
});

async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

/** A word no other test uses, so each test searches its own items. */
function token(): string {
  return `zq${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;
}

function query(search: string) {
  return parseMarketplaceQuery(new URLSearchParams(search));
}

async function titles(search: string): Promise<string[]> {
  const page = await searchCatalogue(services.db, query(search));
  return page.items.map((item) => item.title.fr);
}

async function featuredIds(): Promise<string[]> {
  const rows = await services.db
    .select({ id: catalogueFeatured.submissionId })
    .from(catalogueFeatured);
  return rows.map((row) => row.id);
}

async function html(path: string): Promise<{ status: number; body: string }> {
  const response = await app.fetch(path);
  return { status: response.status, body: await response.text() };
}

describe("marketplace search", () => {
  it("ignores accents and case, in titles, tags, descriptions and store names", async () => {
    const word = token();
    await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Été à la plage ${word}`,
      tags: ["Océan"],
      description: "Une journée ENSOLEILLÉE",
    });
    expect(await titles(`q=ete+${word}`)).toEqual([`Été à la plage ${word}`]);
    expect(await titles(`q=ÉTÉ+${word}`)).toHaveLength(1);
    expect(await titles(`q=ocean+${word}`)).toHaveLength(1);
    expect(await titles(`q=ensoleillee+${word}`)).toHaveLength(1);
    const store = `Boutique ${token()}`;
    await services.db
      .update(profiles)
      .set({ storeName: store })
      .where(eq(profiles.userId, seller.id));
    expect(await titles(`q=${encodeURIComponent(store.toLowerCase())}+${word}`)).toHaveLength(1);
  });

  it("tolerates a small typo", async () => {
    const word = token();
    await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Lac de montagne ${word}`,
    });
    expect(await titles(`q=montagen+${word}`)).toEqual([`Lac de montagne ${word}`]);
    expect(await titles(`q=xylophone+${word}`)).toEqual([]);
  });

  it("corrects a misspelt word to words added by an edit, and to store names", async () => {
    const word = token();
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: "Sans titre",
    });
    await services.db
      .update(contentSubmissions)
      .set({ titleFr: `Cascade ${word}` })
      .where(eq(contentSubmissions.id, submission.id));
    // The last two letters swapped: a word the catalogue only knows since the edit.
    const misspelt = `${word.slice(0, -2)}${word.at(-1)}${word.at(-2)}`;
    expect(await titles(`q=${misspelt}`)).toEqual([`Cascade ${word}`]);
    const store = token();
    await services.db
      .update(profiles)
      .set({ storeName: `Atelier ${store}` })
      .where(eq(profiles.userId, seller.id));
    expect(await titles(`q=${store.slice(0, -2)}${store.at(-1)}${store.at(-2)}`)).toContain(
      `Cascade ${word}`,
    );
  });

  it("shows only items on sale: never drafts, pending, rejected or deleted items", async () => {
    const word = token();
    for (const status of ["draft", "pending", "rejected"] as const) {
      await makeSubmission(services, seller.id, { status, title: `${status} ${word}` });
    }
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: `deleted ${word}`,
    });
    await services.db
      .update(contentSubmissions)
      .set({ deletedAt: new Date() })
      .where(eq(contentSubmissions.id, submission.id));
    await makeSubmission(services, seller.id, { status: "approved", title: `public ${word}` });
    expect(await titles(`q=${word}`)).toEqual([`public ${word}`]);
  });

  it("hides an item whose exclusive licence is sold, and one held by a running checkout", async () => {
    const word = token();
    const sold = (
      await makeSubmission(services, seller.id, { status: "approved", title: `sold ${word}` })
    ).submission;
    const held = (
      await makeSubmission(services, seller.id, { status: "approved", title: `held ${word}` })
    ).submission;
    await makeSubmission(services, seller.id, { status: "approved", title: `public ${word}` });
    const buyer = (await account("client")).viewer;
    const soldSale = await recordSale(services, buyer.id, sold, { licenceId: "exclusive" });
    await services.db
      .insert(exclusiveHolds)
      .values({ submissionId: sold.id, orderId: soldSale.orderId, soldAt: new Date() });
    const pendingSale = await recordSale(services, buyer.id, held, {
      licenceId: "exclusive",
      status: "pending",
    });
    await services.db
      .insert(exclusiveHolds)
      .values({ submissionId: held.id, orderId: pendingSale.orderId });

    expect(await titles(`q=${word}`)).toEqual([`public ${word}`]);
    expect((await html(`/fr/product/${sold.id}`)).status).toBe(404);
  });

  it("filters by category and price, sorts and paginates", async () => {
    const word = token();
    const make = (title: string, kind: "photo" | "video" | "vector", priceCents: number | null) =>
      makeSubmission(services, seller.id, {
        status: "approved",
        title: `${title} ${word}`,
        kind,
        priceCents,
      });
    await make("free", "photo", null);
    await make("cheap", "photo", 500);
    await make("mid", "video", 1500);
    await make("high", "vector", 3000);
    const { submission: top } = await make("premium", "photo", 9900);
    expect(await titles(`q=${word}&category=vector`)).toEqual([`high ${word}`]);
    expect((await titles(`q=${word}&category=photo`)).length).toBe(3);
    expect(await titles(`q=${word}&price=free`)).toEqual([`free ${word}`]);
    expect((await titles(`q=${word}&price=0-10`)).sort()).toEqual([
      `cheap ${word}`,
      `free ${word}`,
    ]);
    expect(await titles(`q=${word}&price=10-25`)).toEqual([`mid ${word}`]);
    expect(await titles(`q=${word}&price=25-50`)).toEqual([`high ${word}`]);
    expect(await titles(`q=${word}&price=50%2B`)).toEqual([`premium ${word}`]);
    expect(await titles(`q=${word}&sort=price-asc`)).toEqual(
      ["free", "cheap", "mid", "high", "premium"].map((title) => `${title} ${word}`),
    );
    expect(await titles(`q=${word}&sort=price-desc`)).toEqual(
      ["premium", "high", "mid", "cheap", "free"].map((title) => `${title} ${word}`),
    );
    expect((await titles(`q=${word}&sort=recent`))[0]).toBe(`premium ${word}`);
    // Popular: sales and likes first.
    const buyer = await account("client");
    await recordSale(
      services,
      buyer.viewer.id,
      (await make("bestseller", "photo", 700)).submission,
    );
    expect((await titles(`q=${word}`))[0]).toBe(`bestseller ${word}`);
    // Real pages: two items a page.
    const page1 = await searchCatalogue(services.db, query(`q=${word}&sort=price-asc`), {
      pageSize: 2,
    });
    const page3 = await searchCatalogue(services.db, query(`q=${word}&sort=price-asc&page=3`), {
      pageSize: 2,
    });
    expect(page1.total).toBe(6);
    expect(page1.pageCount).toBe(3);
    expect(page3.items.map((item) => item.title.fr)).toEqual([`high ${word}`, `premium ${word}`]);
    expect(top.id).toBeTruthy();
  });

  it("renders a deep link with its filters on the server, in both languages", async () => {
    const word = token();
    await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Été ${word}`,
      kind: "photo",
      priceCents: null,
    });
    await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Hiver ${word}`,
      kind: "video",
    });
    const fr = await html(`/fr/marketplace?q=${word}&category=photo&price=free&sort=recent`);
    expect(fr.status).toBe(200);
    expect(fr.body).toContain(`Été ${word}`);
    expect(fr.body).not.toContain(`Hiver ${word}`);
    expect(fr.body).toContain("1 résultat");
    expect(fr.body).toContain("Gratuit");
    const en = await html(`/en/marketplace?q=${word}&category=video`);
    expect(en.body).toContain(`Hiver ${word}`);
    expect(en.body).toContain("1 result");
    // Letters no token has (tokens are zq + a–f), so no typo tolerance can reach an item.
    const empty = await html(`/fr/marketplace?q=wxyvwxyvwxyv`);
    expect(empty.body).toContain("Aucun contenu trouvé");
    // Unknown values fall back to defaults instead of failing.
    expect((await html(`/fr/marketplace?category=nope&price=x&sort=y&page=-3`)).status).toBe(200);
  });
});

describe("category counts", () => {
  it("counts items on sale by kind, vectors included, and trending as new items", async () => {
    const before = await categoryCounts(services.db);
    await makeSubmission(services, seller.id, { status: "approved", kind: "vector" });
    await makeSubmission(services, seller.id, { status: "pending", kind: "vector" });
    await makeSubmission(services, seller.id, { status: "approved", kind: "audio" });
    const after = await categoryCounts(services.db);
    expect(after.vector - before.vector).toBe(1);
    expect(after.audio - before.audio).toBe(1);
    expect(after.trending - before.trending).toBe(2);
    expect(after.total - before.total).toBe(2);
  });

  it("are kept between pages until the catalogue changes, and ten seconds at most", async () => {
    const events = createEventBus();
    let clock = 0;
    const cache = createCountsCache(services.db, events, { maxAgeMs: 10_000, now: () => clock });
    const first = await cache.counts();
    const approved = async () =>
      (await makeSubmission(services, seller.id, { status: "approved", kind: "illustration" }))
        .submission;

    const published = await approved();
    clock = 9_000;
    expect((await cache.counts()).illustration).toBe(first.illustration);
    // The event of an approval, rejection, deletion or sale throws the counts away at once.
    events.publish({ type: "catalogue.changed", submissionId: published.id, change: "approved" });
    expect((await cache.counts()).illustration).toBe(first.illustration + 1);

    // A change without an event (another process, an exclusive hold) shows within ten seconds.
    await approved();
    clock = 18_999;
    expect((await cache.counts()).illustration).toBe(first.illustration + 1);
    clock = 19_000;
    expect((await cache.counts()).illustration).toBe(first.illustration + 2);

    // Counts begun before an event are not kept for the pages after it.
    clock = 40_000;
    const begun = cache.counts();
    events.publish({ type: "catalogue.changed", submissionId: published.id, change: "updated" });
    await begun;
    await approved();
    expect((await cache.counts()).illustration).toBe(first.illustration + 3);
  });

  it("pushes new counts to open pages by Server-Sent Events", async () => {
    const controller = new AbortController();
    const response = await app.fetch("/api/catalogue/events", { signal: controller.signal });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    await reader.read(); // the stream opens with a comment
    const before = await categoryCounts(services.db);
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      kind: "ebook",
    });
    services.events.publish({
      type: "catalogue.changed",
      submissionId: submission.id,
      change: "approved",
    });
    let text = "";
    const started = Date.now();
    while (!text.includes("event: counts")) {
      const { value } = await reader.read();
      text += decoder.decode(value);
    }
    expect(Date.now() - started).toBeLessThan(2000);
    const data = JSON.parse(text.split("data: ")[1]!.split("\n")[0]!) as {
      counts: { ebook: number };
      change: string;
    };
    expect(data.change).toBe("approved");
    expect(data.counts.ebook).toBe(before.ebook + 1);
    controller.abort();
  });
});

describe("product page", () => {
  it("shows an item on sale with its licences, forms, Open Graph tags and structured data", async () => {
    const { submission, files } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: "Coucher de soleil",
      priceCents: 1200,
      withThumbnails: true,
      tags: ["soleil"],
    });
    const { status, body } = await html(`/fr/product/${submission.id}`);
    expect(status).toBe(200);
    expect(body).toContain("<title>Coucher de soleil — Vitrine</title>");
    expect(body).toContain(
      `property="og:image" content="http://localhost:3000/media/${files[0]!.id}/thumbnail?v=${files[0]!.derivatives.thumbnail}"`,
    );
    expect(body).toContain('hrefLang="en"');
    const jsonLd = JSON.parse(
      body.split('<script type="application/ld+json">')[1]!.split("</script>")[0]!,
    ) as {
      "@type": string;
      offers: Array<{ price: string; priceCurrency: string }>;
    };
    expect(jsonLd["@type"]).toBe("Product");
    expect(jsonLd.offers.map((offer) => offer.price)).toEqual(["27.00", "57.00", "311.00"]);
    expect(jsonLd.offers[0]!.priceCurrency).toBe("EUR");
    // The contract's forms: add to cart and buy now, with the chosen licence.
    expect(body).toMatch(/<form[^>]* action="\/fr\/cart" method="post">/);
    expect(body).toContain(`name="submissionId" value="${submission.id}"`);
    expect(body).toMatch(/<button type="submit" value="add"[^>]* name="intent">/);
    expect(body).toMatch(
      /<button[^>]* value="buy-now"[^>]* name="intent" formAction="\/fr\/checkout">/,
    );
    expect(body).toMatch(/27,00\s€/);
    const en = await html(`/en/product/${submission.id}`);
    expect(en.body).toContain("€27.00");
    expect(en.body).toContain("Add to cart");
  });

  it("offers a free item for a one-click claim", async () => {
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      priceCents: null,
    });
    const { body } = await html(`/fr/product/${submission.id}`);
    expect(body).toMatch(/<form[^>]* action="\/fr\/checkout" method="post">/);
    expect(body).toMatch(/<input type="hidden" name="intent" value="claim-free"\/>/);
    expect(body).toContain("Télécharger gratuitement");
  });

  it("answers 404 with the fixed texts for unknown, malformed, missing and unpublished ids", async () => {
    const unknown = await html(`/fr/product/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("Produit non trouvé");
    const malformed = await html("/fr/product/not-a-uuid'--");
    expect(malformed.status).toBe(404);
    expect(malformed.body).toContain("Produit non trouvé");
    const missing = await html("/fr/product");
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("ID produit manquant");
    const { submission } = await makeSubmission(services, seller.id, { status: "pending" });
    expect((await html(`/fr/product/${submission.id}`)).status).toBe(404);
    const en = await html(`/en/product/${randomUUID()}`);
    expect(en.body).toContain("Product not found");
  });

  it("keeps one like per user and sends visitors to sign in", async () => {
    const { submission } = await makeSubmission(services, seller.id, { status: "approved" });
    const path = `/fr/product/${submission.id}`;
    const visitor = await postForm(app, path, { intent: "like" });
    expect(visitor.status).toBe(302);
    // To sign in, and back to the product afterwards.
    expect(visitor.headers.get("location")).toBe(`/fr/auth?redirectTo=${encodeURIComponent(path)}`);
    const { jar } = await account("client");
    for (let i = 0; i < 2; i++) {
      const response = await postForm(app, path, { intent: "like" }, { cookies: jar });
      expect(response.status).toBeLessThan(400);
    }
    const liked = await app.fetch(path, { cookies: jar });
    expect(await liked.text()).toContain('aria-pressed="true"');
    expect((await html(path)).body).toContain("1 j&#x27;aime");
    await postForm(app, path, { intent: "unlike" }, { cookies: jar });
    expect((await html(path)).body).toContain("0 j&#x27;aime");
  });
});

describe("home, creator page and search-engine files", () => {
  it("features pinned items first; only admins pin", async () => {
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: "Pinned",
    });
    await expect(setFeatured(services.db, seller, submission.id, true)).rejects.toBeInstanceOf(
      CatalogueError,
    );
    const admin = (await account("admin")).viewer;
    await setFeatured(services.db, admin, submission.id, true);
    await makeSubmission(services, seller.id, { status: "approved", title: "Newer" });
    const featured = await featuredItems(services.db);
    expect(featured[0]!.title.fr).toBe("Pinned");
    expect(featured.length).toBeLessThanOrEqual(6);
    const home = await html("/en");
    expect(home.body).toContain("Pinned");
  });

  it("lets an admin pin and unpin an item from its product page, audited; others get 404", async () => {
    const word = token();
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Une ${word}`,
    });
    const path = `/fr/product/${submission.id}`;
    const creator = await account("creator");
    for (const cookies of [undefined, creator.jar]) {
      const refused = await postForm(app, path, { intent: "feature" }, { cookies });
      expect(refused.status).toBe(404);
    }
    expect(await featuredIds()).not.toContain(submission.id);
    expect((await html(path)).body).not.toContain("Mettre en avant");

    const admin = await account("admin");
    const page = await app.fetch(path, { headers: { Cookie: admin.jar.header() } });
    expect(await page.text()).toContain("Mettre en avant");
    const pinned = await postForm(app, path, { intent: "feature" }, { cookies: admin.jar });
    expect(pinned.status).toBe(302);
    expect(await featuredIds()).toContain(submission.id);
    const unpin = await app.fetch(`/en/product/${submission.id}`, {
      headers: { Cookie: admin.jar.header() },
    });
    expect(await unpin.text()).toContain("Remove from featured");
    await postForm(app, path, { intent: "unfeature" }, { cookies: admin.jar });
    expect(await featuredIds()).not.toContain(submission.id);
    const audit = await services.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, submission.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toEqual([
      { action: "submission.feature", actorId: admin.viewer.id },
      { action: "submission.unfeature", actorId: admin.viewer.id },
    ]);
  });

  it("shows a creator's items on sale, and 404 for an unknown creator", async () => {
    const creator = await account("creator");
    const word = token();
    await makeSubmission(services, creator.viewer.id, {
      status: "approved",
      title: `Mine ${word}`,
    });
    await makeSubmission(services, creator.viewer.id, { status: "draft", title: `Draft ${word}` });
    const page = await html(`/fr/creator/${creator.viewer.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Mine ${word}`);
    expect(page.body).not.toContain(`Draft ${word}`);
    expect((await html("/fr/creator/nobody")).status).toBe(404);
  });

  it("lists items on sale in the sitemap in both languages, and serves robots.txt", async () => {
    const { submission } = await makeSubmission(services, seller.id, { status: "approved" });
    const { submission: hidden } = await makeSubmission(services, seller.id, { status: "pending" });
    const sitemap = await html("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/fr/product/${submission.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>http://localhost:3000/en/product/${submission.id}</loc>`);
    expect(sitemap.body).toContain(
      `hreflang="en" href="http://localhost:3000/en/product/${submission.id}"`,
    );
    expect(sitemap.body).not.toContain(hidden.id);
    const robots = await html("/robots.txt");
    expect(robots.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(robots.body).toContain("Disallow: /api/");
  });
});
