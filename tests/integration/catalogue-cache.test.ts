import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import { moderateSubmission } from "~/modules/admin/moderation.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { listLicences } from "~/modules/pricing/licences.server";
import { deleteSubmission, updateSubmission } from "~/modules/studio/submission-edit.server";
import { signedInAs } from "../support/accounts";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { type CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

// Public catalogue pages are kept between requests (decision record 0047). Each test renders a
// page first, so that it is cached, changes the catalogue the way the product does, and expects
// the very next render to show the change.
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

async function page(path: string, cookies?: CookieJar): Promise<{ status: number; body: string }> {
  const response = await app.fetch(path, cookies ? { cookies } : {});
  return { status: response.status, body: await response.text() };
}

const search = (word: string) => `/fr/marketplace?q=${word}`;

describe("cached catalogue pages", () => {
  it("show an item on the home page, the marketplace and its product page right after its approval", async () => {
    const word = token();
    const { submission } = await makeSubmission(services, seller.id, {
      status: "pending",
      title: `Falaise ${word}`,
    });
    const product = `/fr/product/${submission.id}`;
    expect((await page(search(word))).body).not.toContain(`Falaise ${word}`);
    expect((await page(product)).status).toBe(404);
    expect((await page("/fr")).body).not.toContain(`Falaise ${word}`);

    const admin = await account("admin");
    await moderateSubmission(services, admin.viewer, submission.id, { decision: "approve" });

    expect((await page(search(word))).body).toContain(`Falaise ${word}`);
    expect((await page(product)).status).toBe(200);
    // The newest item on sale completes the home page's featured row.
    expect((await page("/fr")).body).toContain(`Falaise ${word}`);
  });

  it("show a new price on the product page and the marketplace at once", async () => {
    const word = token();
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Rivière ${word}`,
      priceCents: 1200,
    });
    const product = `/fr/product/${submission.id}`;
    // The product page prices each licence: the item's price plus the licence's surcharge.
    const standard = (await listLicences(services.db)).find((row) => row.id === "standard")!;
    const line = (cents: number) => formatMoney("fr", cents + standard.surchargeCents);
    expect((await page(product)).body).toContain(line(1200));
    expect((await page(search(word))).body).toContain(formatMoney("fr", 1200));

    // A price change keeps the item on sale (its text is unchanged).
    await updateSubmission(services, seller, submission.id, {
      fields: {
        title: { fr: `Rivière ${word}`, en: "" },
        description: { fr: "Une description", en: "" },
        categoryId: null,
        kind: "photo",
        tags: { fr: [], en: [] },
        price: 3700,
      },
      intent: "save",
    });

    const after = await page(product);
    expect(after.body).toContain(line(3700));
    expect(after.body).not.toContain(line(1200));
    const listing = await page(search(word));
    expect(listing.body).toContain(formatMoney("fr", 3700));
    expect(listing.body).not.toContain(formatMoney("fr", 1200));
  });

  it("take an item whose title changed off sale at once, until it is reviewed again", async () => {
    const word = token();
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Rivière ${word}`,
      priceCents: 1200,
    });
    const product = `/fr/product/${submission.id}`;
    expect((await page(product)).status).toBe(200);
    expect((await page(search(word))).body).toContain(`Rivière ${word}`);

    await updateSubmission(services, seller, submission.id, {
      fields: {
        title: { fr: `Torrent ${word}`, en: "" },
        description: { fr: "Une description", en: "" },
        categoryId: null,
        kind: "photo",
        tags: { fr: [], en: [] },
        price: 1200,
      },
      intent: "save",
    });

    expect((await page(product)).status).toBe(404);
    const listing = await page(search(word));
    expect(listing.body).not.toContain(`Rivière ${word}`);
    expect(listing.body).not.toContain(`Torrent ${word}`);
  });

  it("drop a deleted item from the marketplace and answer 404 on its page at once", async () => {
    const word = token();
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Glacier ${word}`,
    });
    const product = `/fr/product/${submission.id}`;
    expect((await page(product)).status).toBe(200);
    expect((await page(search(word))).body).toContain(`Glacier ${word}`);

    await deleteSubmission(services, seller, submission.id);

    expect((await page(product)).status).toBe(404);
    expect((await page(search(word))).body).not.toContain(`Glacier ${word}`);
  });

  it("count a like on the page a visitor sees next", async () => {
    const { submission } = await makeSubmission(services, seller.id, { status: "approved" });
    const product = `/fr/product/${submission.id}`;
    expect((await page(product)).body).toContain("0 j&#x27;aime");
    const { jar } = await account("client");
    expect(
      (await postForm(app, product, { intent: "like" }, { cookies: jar })).status,
    ).toBeLessThan(400);
    expect((await page(product)).body).toContain("1 j&#x27;aime");
    await postForm(app, product, { intent: "unlike" }, { cookies: jar });
    expect((await page(product)).body).toContain("0 j&#x27;aime");
  });

  it("never show one viewer's like to another, in either order", async () => {
    const { submission } = await makeSubmission(services, seller.id, { status: "approved" });
    const product = `/fr/product/${submission.id}`;
    const liker = await account("client");
    const other = await account("client");
    await postForm(app, product, { intent: "like" }, { cookies: liker.jar });

    // A visitor's page first (the one kept for everyone), then the viewer who liked it.
    expect((await page(product)).body).not.toContain('aria-pressed="true"');
    expect((await page(product, liker.jar)).body).toContain('aria-pressed="true"');
    // Then someone else signed in, and a visitor again: neither sees it as theirs.
    expect((await page(product, other.jar)).body).not.toContain('aria-pressed="true"');
    expect((await page(product)).body).not.toContain('aria-pressed="true"');
    // All of them see the same public count.
    expect((await page(product, other.jar)).body).toContain("1 j&#x27;aime");
    expect((await page(product)).body).toContain("1 j&#x27;aime");
  });

  it("never show one viewer's cart count to another", async () => {
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      priceCents: 900,
    });
    const buyer = await account("client");
    const add = await postForm(
      app,
      "/fr/cart",
      { intent: "add", submissionId: submission.id, licenceId: "standard" },
      { cookies: buyer.jar },
    );
    expect(add.status).toBeLessThan(400);
    expect((await page("/fr/marketplace", buyer.jar)).body).toContain("Panier, 1 article");
    expect((await page("/fr/marketplace")).body).not.toContain("Panier, 1 article");
  });
});
