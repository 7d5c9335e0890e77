import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role, Viewer } from "~/modules/auth/roles";
import {
  createCollection,
  revokeShare,
  setCollectionItem,
  shareCollection,
} from "~/modules/collections/collections.server";
import { contentSubmissions } from "~/modules/db/schema";
import { formatMoney } from "~/modules/i18n/i18n";
import { listLicences } from "~/modules/pricing/licences.server";
import type { Services } from "~/modules/services";
import { signedInAs } from "../support/accounts";
import { makeSubmission, mediaProcessed, viewerByEmail } from "../support/studio";
import { type CookieJar, postForm, testApp, type TestApp } from "../support/test-app";

// Public pages are kept whole for visitors without a session (decision record 0061). A change
// written straight to the database, without the event the product publishes, shows whether a
// page was kept: a kept page still shows the old text, a rendered one the new.
let app: TestApp;
let services: Services;
let seller: Viewer;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  seller = await account("creator").then(({ viewer }) => viewer);
});

async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

function word(): string {
  return `zq${randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

async function page(path: string, init: Parameters<TestApp["fetch"]>[1] = {}) {
  const response = await app.fetch(path, init);
  return { response, status: response.status, body: await response.text() };
}

/** Renames an item behind the app's back: no event, so no cache hears of it. */
async function renameQuietly(submissionId: string, title: string) {
  await services.db
    .update(contentSubmissions)
    .set({ titleFr: title })
    .where(eq(contentSubmissions.id, submissionId));
}

/** The `name=value` a browser sends back of a Set-Cookie line. */
function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

function policyNonce(response: Response): string {
  return /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")![1]!;
}

describe("pages kept whole for visitors", () => {
  it("serve a visitor the kept page until a catalogue event drops it", async () => {
    const title = word();
    const { submission } = await makeSubmission(services, seller.id, { status: "approved", title });
    // Its preview job publishes an event when done: let it pass first.
    await mediaProcessed(app);
    const product = `/fr/product/${submission.id}`;
    expect((await page(product)).body).toContain(title);
    await renameQuietly(submission.id, `${title}renamed`);
    expect((await page(product)).body).not.toContain(`${title}renamed`);
    services.events.publish({
      type: "catalogue.changed",
      submissionId: submission.id,
      change: "updated",
    });
    expect((await page(product)).body).toContain(`${title}renamed`);
  });

  it("carry a nonce of their own in every response, the same in the body and the policy", async () => {
    const { submission } = await makeSubmission(services, seller.id, { status: "approved" });
    const seen = new Set<string>();
    for (const path of ["/fr", "/fr", "/fr", `/fr/product/${submission.id}`, "/fr/about"]) {
      for (let round = 0; round < 2; round += 1) {
        const { response, body } = await page(path);
        const nonce = policyNonce(response);
        expect(seen.has(nonce), `${path}: a nonce sent twice`).toBe(false);
        seen.add(nonce);
        const inBody = new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
        expect([...inBody]).toEqual([nonce]);
      }
    }
  });

  it("are never given to a signed-in viewer, and never carry a viewer's cart, like or name", async () => {
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      priceCents: 900,
    });
    const product = `/fr/product/${submission.id}`;
    const buyer = await account("client");
    // The visitors' pages first: kept.
    expect((await page(product)).body).not.toContain("Panier, 1 article");
    expect((await page("/fr/marketplace")).body).not.toContain("Panier, 1 article");
    await postForm(
      app,
      "/fr/cart",
      { intent: "add", submissionId: submission.id, licenceId: "standard" },
      { cookies: buyer.jar },
    );
    await postForm(app, product, { intent: "like" }, { cookies: buyer.jar });
    const signedIn = (await page(product, { cookies: buyer.jar })).body;
    expect(signedIn).toContain("Panier, 1 article");
    expect(signedIn).toContain('aria-pressed="true"');
    const name = `>${buyer.viewer.displayName}</span>`;
    expect(signedIn).toContain(name);
    for (const path of [product, "/fr/marketplace", product]) {
      const visitor = (await page(path)).body;
      expect(visitor).not.toContain("Panier, 1 article");
      expect(visitor).not.toContain('aria-pressed="true"');
      expect(visitor).not.toContain(name);
    }
  });

  it("are not given to a visitor with a flash message, whose toast stays out of them", async () => {
    const flash = createCookie("vitrine_flash", { httpOnly: true, sameSite: "lax", path: "/" });
    const id = word();
    await page("/fr/licenses");
    const withFlash = await page("/fr/licenses", {
      headers: {
        Cookie: cookiePair(
          await flash.serialize({ kind: "info", key: "catalogue.product.featured", id }),
        ),
      },
    });
    expect(withFlash.body).toContain(id);
    expect(withFlash.response.headers.get("set-cookie")).toContain("vitrine_flash=");
    expect((await page("/fr/licenses")).body).not.toContain(id);
  });

  it("keep one page per answer to the cookie notice", async () => {
    const consent = createCookie("vitrine_cookie_consent", { path: "/" });
    const answered = { headers: { Cookie: cookiePair(await consent.serialize("essential")) } };
    const notice = 'aria-label="Cookies"';
    for (let round = 0; round < 2; round += 1) {
      expect((await page("/fr/about")).body).toContain(notice);
      expect((await page("/fr/about", answered)).body).not.toContain(notice);
    }
  });

  it("show a licence's new price on product and licence pages at once", async () => {
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      priceCents: 1000,
    });
    await mediaProcessed(app);
    const product = `/fr/product/${submission.id}`;
    const admin = await account("admin");
    const extended = (await listLicences(services.db)).find((row) => row.id === "extended")!;
    const newSurcharge = extended.surchargeCents + 1234;
    const price = formatMoney("fr", 1000 + newSurcharge);
    expect((await page(product)).body).not.toContain(price);
    expect((await page("/fr/licenses")).body).not.toContain(formatMoney("fr", newSurcharge));
    const saved = await postForm(
      app,
      "/fr/admin/settings",
      {
        intent: "licence",
        licenceId: "extended",
        surchargeCents: (newSurcharge / 100).toFixed(2),
        nameFr: extended.nameFr,
        nameEn: extended.nameEn,
        descriptionFr: extended.descriptionFr,
        descriptionEn: extended.descriptionEn,
      },
      { cookies: admin.jar },
    );
    expect(saved.status).toBe(302);
    expect((await page(product)).body).toContain(price);
    expect((await page("/fr/licenses")).body).toContain(formatMoney("fr", newSurcharge));
  });

  it("never keep a page that is not found, nor one not declared public", async () => {
    // A creator's page answers 404 until something of theirs is on sale; it reads the database.
    const creator = await account("creator");
    const title = word();
    const { submission } = await makeSubmission(services, creator.viewer.id, {
      status: "pending",
      title,
    });
    await mediaProcessed(app);
    const shop = `/fr/creator/${creator.viewer.id}`;
    expect((await page(shop)).status).toBe(404);
    await services.db
      .update(contentSubmissions)
      .set({ status: "approved", approvedAt: new Date() })
      .where(eq(contentSubmissions.id, submission.id));
    const found = await page(shop);
    expect(found.status).toBe(200);
    expect(found.body).toContain(title);

    // A shared collection is public but not declared so: its link closes at once.
    const owner = await account("client");
    const collection = await createCollection(services.db, owner.viewer.id, "Vacances");
    await setCollectionItem(services.db, owner.viewer.id, collection.id, submission.id, true);
    const token = await shareCollection(services.db, owner.viewer.id, collection.id);
    expect((await page(`/fr/shared/${token}`)).status).toBe(200);
    await revokeShare(services.db, owner.viewer.id, collection.id);
    expect((await page(`/fr/shared/${token}`)).status).toBe(404);
  });
});
