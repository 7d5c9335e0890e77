import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import { categories, contentSubmissions, platformSettings } from "~/modules/db/schema";
import { quoteLine } from "~/modules/pricing/quote.server";
import { parseSellerListQuery, sellerListPageSize } from "~/modules/studio/seller-list";
import { sellerListPage } from "~/modules/studio/seller-list.server";
import { sellerListView } from "~/modules/studio/seller-list-view.server";
import { contentEditPageData } from "~/modules/studio/content-edit-page.server";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { type CookieJar, testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  // Material changes go to moderation only when admins review by hand (the default).
  await services.db
    .update(platformSettings)
    .set({ autoApproveOnPublish: false })
    .where(eq(platformSettings.id, 1));
});

async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

function post(path: string, fields: [string, string][], jar: CookieJar) {
  return app.fetch(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
    },
    cookies: jar,
  });
}

const list = (seller: Viewer, search: string, locale: "fr" | "en" = "fr") =>
  sellerListPage(services.db, seller.id, parseSellerListQuery(new URLSearchParams(search)), locale);
const titlesOf = (page: Awaited<ReturnType<typeof list>>) =>
  page.rows.map((row) => row.submission.titleFr);

async function row(id: string) {
  return services.db.query.contentSubmissions.findFirst({
    where: eq(contentSubmissions.id, id),
  });
}

async function categoryId(slug: string) {
  const found = await services.db.query.categories.findFirst({
    where: eq(categories.slug, slug),
  });
  return found!.id;
}

describe("the seller's list of items", () => {
  it("searches both languages' titles, filters by status and kind, sorts, and stays the seller's", async () => {
    const { viewer: seller } = await account("creator");
    const { viewer: other } = await account("creator");
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const lac = await makeSubmission(services, seller.id, {
      title: "Lac de montagne",
      titleEn: "Mountain lake",
      status: "approved",
      priceCents: 3_000,
      createdAt: day(1),
    });
    const foret = await makeSubmission(services, seller.id, {
      title: "Forêt d'automne",
      kind: "illustration",
      status: "draft",
      priceCents: 500,
      createdAt: day(2),
    });
    const bateau = await makeSubmission(services, seller.id, {
      title: "Bateau au port",
      status: "pending",
      priceCents: null,
      createdAt: day(3),
    });
    await makeSubmission(services, other.id, { title: "Lac d'un autre", status: "approved" });
    const { viewer: buyer } = await account("client");
    await recordSale(services, buyer.id, foret.submission, { licenceId: "standard" });
    await recordSale(services, buyer.id, foret.submission, { licenceId: "extended" });
    await recordSale(services, buyer.id, lac.submission);
    await recordSale(services, buyer.id, bateau.submission, { status: "refunded" });

    expect(titlesOf(await list(seller, ""))).toEqual([
      "Bateau au port",
      "Forêt d'automne",
      "Lac de montagne",
    ]);
    // The English title finds the item from either page; the other seller's lake never shows.
    expect(titlesOf(await list(seller, "q=mountain"))).toEqual(["Lac de montagne"]);
    expect(titlesOf(await list(seller, "q=LAC"))).toEqual(["Lac de montagne"]);
    expect(titlesOf(await list(seller, "q=100%25"))).toEqual([]);
    expect(titlesOf(await list(seller, "status=draft"))).toEqual(["Forêt d'automne"]);
    expect(titlesOf(await list(seller, "kind=illustration"))).toEqual(["Forêt d'automne"]);
    expect(titlesOf(await list(seller, "kind=photo&status=approved"))).toEqual(["Lac de montagne"]);
    expect(titlesOf(await list(seller, "sort=oldest"))).toEqual([
      "Lac de montagne",
      "Forêt d'automne",
      "Bateau au port",
    ]);
    expect(titlesOf(await list(seller, "sort=title"))).toEqual([
      "Bateau au port",
      "Forêt d'automne",
      "Lac de montagne",
    ]);
    // On the English page, an item is sorted by the title the page shows ("Mountain lake").
    expect(titlesOf(await list(seller, "sort=title", "en"))).toEqual([
      "Bateau au port",
      "Forêt d'automne",
      "Lac de montagne",
    ]);
    expect(titlesOf(await list(seller, "sort=price"))).toEqual([
      "Bateau au port",
      "Forêt d'automne",
      "Lac de montagne",
    ]);
    // Kept sales only: the refunded one does not count.
    const bySales = await list(seller, "sort=sales");
    expect(titlesOf(bySales)).toEqual(["Forêt d'automne", "Lac de montagne", "Bateau au port"]);
    expect(bySales.rows.map((r) => Number(r.sales))).toEqual([2, 1, 0]);
    // Unknown values fall back to the defaults rather than failing.
    expect(parseSellerListQuery(new URLSearchParams("sort=drop&status=x&kind=y&page=-3"))).toEqual({
      q: "",
      sort: "newest",
      status: null,
      kind: null,
      page: 1,
    });
  });

  it("pages on the server, in the URL, and renders the page asked for", async () => {
    const { jar, viewer: seller } = await account("creator");
    const count = sellerListPageSize + 3;
    for (let n = 0; n < count; n++)
      await makeSubmission(services, seller.id, {
        title: `Série ${String(n).padStart(2, "0")}`,
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, n)),
      });
    const first = await list(seller, "");
    expect(first.total).toBe(count);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(sellerListPageSize);
    const second = await list(seller, "page=2");
    expect(titlesOf(second)).toEqual(["Série 02", "Série 01", "Série 00"]);
    // Past the end: the last page.
    expect((await list(seller, "page=9")).page).toBe(2);

    const html = await (
      await app.fetch("/fr/seller-dashboard?tab=content&page=2", { cookies: jar })
    ).text();
    expect(html).toContain("Série 00");
    expect(html).not.toContain("Série 10");
    expect(html).toContain("Page 2 sur 2");
    const english = await (
      await app.fetch("/en/seller-dashboard?tab=content&q=S%C3%A9rie%2001", { cookies: jar })
    ).text();
    expect(english).toContain("Série 01");
    expect(english).not.toContain("Série 02");
    expect(english).toContain("1 item");
  });
});

describe("deleting an item that was bought", () => {
  it("is offered as a withdrawal from sale: the list and the edit page know it was sold", async () => {
    const { viewer: seller } = await account("creator");
    const { viewer: buyer } = await account("client");
    const sold = await makeSubmission(services, seller.id, { title: "Vendu", status: "approved" });
    const refunded = await makeSubmission(services, seller.id, {
      title: "Remboursé",
      status: "approved",
    });
    const unsold = await makeSubmission(services, seller.id, {
      title: "Jamais vendu",
      status: "approved",
    });
    await recordSale(services, buyer.id, sold.submission);
    await recordSale(services, buyer.id, refunded.submission, { status: "refunded" });
    await recordSale(services, buyer.id, unsold.submission, { status: "failed" });

    const view = await sellerListView(services.db, seller.id, new URLSearchParams(), "fr");
    const soldByTitle = Object.fromEntries(
      view.items.map((item) => [item.title, item.sold] as const),
    );
    expect(soldByTitle).toEqual({ Vendu: true, Remboursé: true, "Jamais vendu": false });
    for (const [submission, expected] of [
      [sold.submission, true],
      [unsold.submission, false],
    ] as const) {
      const page = await contentEditPageData(services.db, seller, submission.id, "fr");
      expect(page?.submission.sold).toBe(expected);
    }
  });
});

describe("the bulk edit", () => {
  it("sets the price, category and keywords of the selected items, and says so", async () => {
    const { jar, viewer: seller } = await account("creator");
    const one = await makeSubmission(services, seller.id, {
      status: "approved",
      priceCents: 1_000,
      tags: ["mer", "Plage"],
    });
    const two = await makeSubmission(services, seller.id, { status: "draft", priceCents: 2_000 });
    const untouched = await makeSubmission(services, seller.id, { priceCents: 700 });

    // Price only: the published item stays on sale.
    const priced = await post(
      "/fr/seller-dashboard?tab=content&sort=price",
      [
        ["intent", "bulkEdit"],
        ["ids", one.submission.id],
        ["ids", two.submission.id],
        ["price", "4,50"],
      ],
      jar,
    );
    expect(priced.status).toBe(302);
    expect(priced.headers.get("location")).toBe("/fr/seller-dashboard?tab=content&sort=price");
    expect((await row(one.submission.id))?.priceCents).toBe(450);
    expect((await row(one.submission.id))?.status).toBe("approved");
    expect((await row(two.submission.id))?.priceCents).toBe(450);
    expect((await row(untouched.submission.id))?.priceCents).toBe(700);
    const page = await (await app.fetch(priced.headers.get("location")!, { cookies: jar })).text();
    // The result is a toast, carried to the page by the flash cookie, in the page's language.
    expect(page).toContain("2 contenus modifiés.");

    // Category and keywords are material: the published item goes back to moderation.
    const nature = await categoryId("illustration");
    const tagged = await post(
      "/en/seller-dashboard?tab=content",
      [
        ["intent", "bulkEdit"],
        ["ids", one.submission.id],
        ["ids", two.submission.id],
        ["category", nature],
        ["addTags_fr", "été, soleil"],
        ["addTags_en", "summer"],
        ["removeTags", "plage"],
      ],
      jar,
    );
    expect(tagged.status).toBe(302);
    const after = await row(one.submission.id);
    expect(after).toMatchObject({
      status: "pending",
      categoryId: nature,
      tagsFr: ["mer", "été", "soleil"],
      tagsEn: ["summer"],
      priceCents: 450,
    });
    expect((await row(two.submission.id))?.status).toBe("draft");
    const english = await (
      await app.fetch(tagged.headers.get("location")!, { cookies: jar })
    ).text();
    expect(english).toContain("2 items updated, 1 of them sent back for review.");
  });

  it("refuses bad input with a translated error, keeping the fields and the selection", async () => {
    const { jar, viewer: seller } = await account("creator");
    const item = await makeSubmission(services, seller.id, { priceCents: 1_000 });
    const refused = await post(
      "/fr/seller-dashboard?tab=content",
      [
        ["intent", "bulkEdit"],
        ["ids", item.submission.id],
        ["price", "douze"],
        ["addTags_fr", "gardé"],
      ],
      jar,
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Prix invalide : indiquez un montant en euros, par exemple 12 ou 3,99.");
    expect(html).toContain('value="douze"');
    expect(html).toContain('value="gardé"');
    expect(html).toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${item.submission.id}"`));
    expect((await row(item.submission.id))?.priceCents).toBe(1_000);

    const empty = await post(
      "/en/seller-dashboard?tab=content",
      [
        ["intent", "bulkEdit"],
        ["price", "3"],
      ],
      jar,
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Select at least one item.");
  });

  it("refuses the whole edit when one item is someone else's, changing nothing", async () => {
    const { jar, viewer: seller } = await account("creator");
    const { viewer: other } = await account("creator");
    const mine = await makeSubmission(services, seller.id, { priceCents: 1_000 });
    const theirs = await makeSubmission(services, other.id, {
      status: "approved",
      priceCents: 2_000,
    });
    const refused = await post(
      "/fr/seller-dashboard?tab=content",
      [
        ["intent", "bulkEdit"],
        ["ids", mine.submission.id],
        ["ids", theirs.submission.id],
        ["price", "1"],
        ["removeTags", "x"],
      ],
      jar,
    );
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("Contenu non trouvé ou accès refusé");
    expect((await row(mine.submission.id))?.priceCents).toBe(1_000);
    expect(await row(theirs.submission.id)).toMatchObject({
      priceCents: 2_000,
      status: "approved",
    });

    // A buyer has no seller list at all.
    const buyer = await account("client");
    const forbidden = await post(
      "/fr/seller-dashboard?tab=content",
      [
        ["intent", "bulkEdit"],
        ["ids", theirs.submission.id],
        ["price", "1"],
      ],
      buyer.jar,
    );
    expect(forbidden.status).toBe(403);
    expect((await row(theirs.submission.id))?.priceCents).toBe(2_000);
  });
});

describe("editing a published item", () => {
  const editFields = (title: string, price: string): [string, string][] => [
    ["title_fr", title],
    ["description_fr", "Une description"],
    ["title_en", ""],
    ["description_en", ""],
    ["categoryId", ""],
    ["kind", "photo"],
    ["newTags_fr", ""],
    ["price", price],
    ["intent", "save"],
  ];

  it("keeps it on sale after a price change, and the next quote uses the new price", async () => {
    const { jar, viewer: seller } = await account("creator");
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: "Phare breton",
      priceCents: 1_000,
    });
    const saved = await post(
      `/fr/seller-dashboard/content/${submission.id}`,
      editFields("Phare breton", "25"),
      jar,
    );
    expect(saved.status).toBe(302);
    expect((await row(submission.id))?.status).toBe("approved");
    const quote = await quoteLine(services.db, submission.id, "standard");
    expect(quote?.itemPriceCents).toBe(2_500);
  });

  it("sends it back to moderation after a material change, where admins see it", async () => {
    const { jar, viewer: seller } = await account("creator");
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: "Moulin à vent",
      priceCents: 1_000,
    });
    const saved = await post(
      `/fr/seller-dashboard/content/${submission.id}`,
      editFields("Moulin à vent au crépuscule", "10"),
      jar,
    );
    expect(saved.status).toBe(302);
    expect((await row(submission.id))?.status).toBe("pending");
    // Off sale until approved again.
    expect(await quoteLine(services.db, submission.id, "standard")).toBeNull();
    const admin = await account("admin");
    const moderation = await (
      await app.fetch("/fr/admin/moderation", { cookies: admin.jar })
    ).text();
    expect(moderation).toContain("Moulin à vent au crépuscule");
  });
});
