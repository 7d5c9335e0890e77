import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import type { Viewer } from "~/modules/auth/roles";
import { searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let seller: Viewer;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const { email } = await signedInAs(app, "creator");
  seller = await viewerByEmail(services, email, "creator");
});

/** A word no other test uses, so each test searches its own items. */
const token = () => `zq${randomUUID().replace(/-/g, "").slice(0, 8)}`;

function search(q: string, options: { countCap?: number; pageSize?: number } = {}) {
  return searchCatalogue(services.db, parseMarketplaceQuery(new URLSearchParams({ q })), options);
}

async function makeItems(word: string, count: number) {
  const items = [];
  for (let i = 1; i <= count; i++)
    items.push(
      (await makeSubmission(services, seller.id, { status: "approved", title: `${word} ${i}` }))
        .submission,
    );
  return items;
}

describe("result count capped past a limit", () => {
  it("counts exactly up to the cap and stops beyond it, pages included", async () => {
    const word = token();
    const items = await makeItems(word, 5);
    const buyer = await signedInAs(app, "client");
    await recordSale(
      services,
      (await viewerByEmail(services, buyer.email, "client")).id,
      items[2]!,
    );

    const exact = await search(word, { countCap: 5, pageSize: 2 });
    expect(exact).toMatchObject({ total: 5, totalCapped: false, pageCount: 3 });

    const capped = await search(word, { countCap: 3, pageSize: 2 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true, pageCount: 2 });
    // Popular order still holds: the item sold first, then the newest.
    expect(capped.items.map((item) => item.title.fr)).toEqual([`${word} 3`, `${word} 5`]);

    // A page past the capped count shows the last one it counts.
    const beyond = await searchCatalogue(
      services.db,
      parseMarketplaceQuery(new URLSearchParams({ q: word, page: "3" })),
      { countCap: 3, pageSize: 2 },
    );
    expect(beyond.page).toBe(2);
    expect(beyond.items.map((item) => item.title.fr)).toEqual([`${word} 4`, `${word} 2`]);
  });

  it('shows "10 000+" past 10,000 matches and the exact count below, in both languages', async () => {
    const many = token();
    await services.db.execute(sql`
      insert into content_submissions (creator_id, title_fr, description_fr, kind, status, submitted_at, approved_at)
      select ${seller.id}, ${many} || ' ' || i, 'Une description', 'photo', 'approved', now(), now() - make_interval(secs => i)
      from generate_series(1, 10001) as i`);
    const few = token();
    await makeItems(few, 3);

    const pageText = async (path: string) => (await app.fetch(path)).text();
    expect(await pageText(`/fr/marketplace?q=${many}`)).toContain("10\u202f000+ résultats");
    expect(await pageText(`/en/marketplace?q=${many}`)).toContain("10,000+ results");
    expect(await pageText(`/fr/marketplace?q=${few}`)).toContain(">3 résultats<");
    expect(await pageText(`/en/marketplace?q=${few}`)).toContain(">3 results<");
  });
});
