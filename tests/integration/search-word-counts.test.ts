import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import type { Viewer } from "~/modules/auth/roles";
import { moderateSubmission } from "~/modules/admin/moderation.server";
import { searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { contentSubmissions, exclusiveHolds, profiles } from "~/modules/db/schema";
import { deleteSubmission } from "~/modules/studio/submission-edit.server";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

// The marketplace's count read from the vocabulary's per-word and per-pair counts (decision
// record 0066): each check below uses a cap just under or at the true count, so a count left
// behind by an approval, an edit, a withdrawal or a deletion shows as a wrong total.

let app: TestApp;
let services: Services;
let seller: Viewer;
let admin: Viewer;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  seller = await viewerByEmail(services, (await signedInAs(app, "creator")).email, "creator");
  admin = await viewerByEmail(services, (await signedInAs(app, "admin")).email, "admin");
});

/** A word no other test uses, so each test searches its own items. */
const token = () => `zq${randomUUID().replace(/-/g, "").slice(0, 8)}`;

async function shown(q: string, countCap: number) {
  const page = await searchCatalogue(
    services.db,
    parseMarketplaceQuery(new URLSearchParams({ q })),
    {
      countCap,
    },
  );
  return { total: page.total, capped: page.totalCapped };
}

async function makeItems(titles: string[], status: "approved" | "pending" = "approved") {
  const items = [];
  for (const title of titles)
    items.push((await makeSubmission(services, seller.id, { status, title })).submission);
  return items;
}

const retitle = (id: string, titleFr: string) =>
  services.db.update(contentSubmissions).set({ titleFr }).where(eq(contentSubmissions.id, id));

describe("search counts kept with the catalogue", () => {
  it("counts a word exactly up to the cap and caps it beyond, through approval, edit, withdrawal and deletion", async () => {
    const word = token();
    const [first, second, third] = await makeItems([`${word} un`, `${word} deux`, `${word} trois`]);
    const [pending] = await makeItems([`${word} quatre`], "pending");
    expect(await shown(word, 3)).toEqual({ total: 3, capped: false });
    expect(await shown(word, 2)).toEqual({ total: 2, capped: true });

    await moderateSubmission(services, admin, pending!.id, { decision: "approve" });
    expect(await shown(word, 3)).toEqual({ total: 3, capped: true });
    expect(await shown(word, 4)).toEqual({ total: 4, capped: false });

    await retitle(first!.id, "Un autre titre");
    expect(await shown(word, 3)).toEqual({ total: 3, capped: false });
    await retitle(first!.id, `${word} un`);
    expect(await shown(word, 3)).toEqual({ total: 3, capped: true });

    await services.db
      .update(contentSubmissions)
      .set({ status: "rejected" })
      .where(eq(contentSubmissions.id, second!.id));
    await deleteSubmission(services, seller, third!.id);
    expect(await shown(word, 2)).toEqual({ total: 2, capped: false });
    expect(await shown(word, 1)).toEqual({ total: 1, capped: true });
  });

  it("counts a word found inside longer words, and a word no item holds as none", async () => {
    const word = token();
    await makeItems([`${word}s de la plage`, `pre${word} au soleil`]);
    expect(await shown(word, 2)).toEqual({ total: 2, capped: false });
    expect(await shown(word, 1)).toEqual({ total: 1, capped: true });
    expect(await shown(token(), 10)).toEqual({ total: 0, capped: false });
  });

  it("caps a two-word phrase from its title pairs, in either order, and follows its edits", async () => {
    const [left, right] = [token(), token()];
    const [first, second, third] = await makeItems([
      `${left} de ${right} 1`,
      `${left} de ${right} 2`,
      `${left} de ${right} 3`,
    ]);
    expect(await shown(`${right} ${left}`, 2)).toEqual({ total: 2, capped: true });
    expect(await shown(`${left} ${right}`, 3)).toEqual({ total: 3, capped: false });

    // Both words still there, no longer side by side: still found, counted item by item.
    await retitle(first!.id, `${left} sous le ${right}`);
    expect(await shown(`${left} ${right}`, 3)).toEqual({ total: 3, capped: false });
    await retitle(second!.id, "Un autre titre");
    expect(await shown(`${left} ${right}`, 2)).toEqual({ total: 2, capped: false });
    await deleteSubmission(services, seller, third!.id);
    expect(await shown(`${left} ${right}`, 1)).toEqual({ total: 1, capped: false });
  });

  it("leaves out items an exclusive licence keeps off sale", async () => {
    const word = token();
    const [sold] = await makeItems([`${word} 1`, `${word} 2`, `${word} 3`]);
    const buyer = await viewerByEmail(services, (await signedInAs(app, "client")).email, "client");
    const sale = await recordSale(services, buyer.id, sold!, { licenceId: "exclusive" });
    await services.db
      .insert(exclusiveHolds)
      .values({ submissionId: sold!.id, orderId: sale.orderId, soldAt: new Date() });
    expect(await shown(word, 2)).toEqual({ total: 2, capped: false });
  });

  it("finds a store's items by a word only its name holds", async () => {
    const word = token();
    const shop = await viewerByEmail(services, (await signedInAs(app, "creator")).email, "creator");
    await services.db
      .update(profiles)
      .set({ storeName: `Atelier ${word}` })
      .where(eq(profiles.userId, shop.id));
    await makeSubmission(services, shop.id, { status: "approved", title: "Sans le mot" });
    expect(await shown(word, 10)).toEqual({ total: 1, capped: false });
  });
});
