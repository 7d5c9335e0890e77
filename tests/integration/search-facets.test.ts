import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/roles";
import { correctedSearch, searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { contentSubmissions, profiles, uploads, type MediaMetadata } from "~/modules/db/schema";
import { enqueueJob } from "~/modules/jobs/job-queue.server";
import { processMediaJobType } from "~/modules/media/media-jobs.server";
import type { Services } from "~/modules/services";
import { signedInAs } from "../support/accounts";
import { pngBytes } from "../support/files";
import { drainJobs } from "../support/jobs";
import { makeSubmission, studioUpload, viewerByEmail } from "../support/studio";
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
function token(): string {
  return `zq${randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;
}

async function search(params: string) {
  return searchCatalogue(services.db, parseMarketplaceQuery(new URLSearchParams(params)), {
    facets: true,
  });
}

async function titles(params: string): Promise<string[]> {
  return (await search(params)).items.map((item) => item.title.fr).sort();
}

/** An approved item whose file's metadata says what the media job would have read. */
async function itemWith(title: string, metadata: MediaMetadata, priceCents = 1200) {
  const { submission, files } = await makeSubmission(services, seller.id, {
    status: "approved",
    title,
    priceCents,
  });
  await services.db.update(uploads).set({ metadata }).where(eq(uploads.id, files[0]!.id));
  return submission;
}

describe("facets narrow the marketplace's results", () => {
  const word = token();
  const t = (name: string) => `${name} ${word}`;

  beforeAll(async () => {
    await itemWith(t("Paysage bleu"), { width: 4000, height: 2000, colourName: "blue" });
    await itemWith(t("Portrait rouge"), { width: 1000, height: 1500, colourName: "red" });
    await itemWith(t("Carre vert"), { width: 2000, height: 1980, colourName: "green" }, 0);
    await itemWith(t("Panorama bleu"), { width: 8000, height: 2000, colourName: "blue" });
    await itemWith(t("Clip court"), { width: 1920, height: 1080, durationSeconds: 12 });
    await itemWith(t("Clip long"), { width: 1280, height: 720, durationSeconds: 400 }, 6000);
  });

  it("by orientation", async () => {
    expect(await titles(`q=${word}&orientation=portrait`)).toEqual([t("Portrait rouge")]);
    expect(await titles(`q=${word}&orientation=square`)).toEqual([t("Carre vert")]);
    expect(await titles(`q=${word}&orientation=panoramic`)).toEqual([t("Panorama bleu")]);
    expect(await titles(`q=${word}&orientation=landscape`)).toEqual(
      [t("Clip court"), t("Clip long"), t("Paysage bleu")].sort(),
    );
  });

  it("by dominant colour", async () => {
    expect(await titles(`q=${word}&colour=blue`)).toEqual(
      [t("Panorama bleu"), t("Paysage bleu")].sort(),
    );
    expect(await titles(`q=${word}&colour=pink`)).toEqual([]);
  });

  it("by minimum resolution (the longer side)", async () => {
    expect(await titles(`q=${word}&resolution=3840`)).toEqual(
      [t("Panorama bleu"), t("Paysage bleu")].sort(),
    );
    expect(await titles(`q=${word}&resolution=7680`)).toEqual([t("Panorama bleu")]);
    expect(await titles(`q=${word}&resolution=1920`)).toHaveLength(4);
  });

  it("by duration range", async () => {
    expect(await titles(`q=${word}&duration=0-30`)).toEqual([t("Clip court")]);
    expect(await titles(`q=${word}&duration=120-600`)).toEqual([t("Clip long")]);
    expect(await titles(`q=${word}&duration=600%2B`)).toEqual([]);
  });

  it("by price, and by the licence's price when a licence is chosen", async () => {
    expect(await titles(`q=${word}&price=free`)).toEqual([t("Carre vert")]);
    // A free item is claimed under the standard licence at no cost, not under the extended one
    // (+45 €). Standard puts the 12 € items at 27 €; extended puts them at 57 €, 60 € at 105 €.
    expect(await titles(`q=${word}&price=free&licence=standard`)).toEqual([t("Carre vert")]);
    expect(await titles(`q=${word}&price=free&licence=extended`)).toEqual([]);
    expect(await titles(`q=${word}&price=25-50`)).toEqual([]);
    expect(await titles(`q=${word}&price=25-50&licence=standard`)).toEqual(
      [t("Clip court"), t("Panorama bleu"), t("Paysage bleu"), t("Portrait rouge")].sort(),
    );
    expect(await titles(`q=${word}&price=50%2B&licence=extended`)).toHaveLength(5);
  });

  it("combines facets, and counts each value with the other filters kept", async () => {
    expect(await titles(`q=${word}&colour=blue&orientation=panoramic`)).toEqual([
      t("Panorama bleu"),
    ]);
    const page = await search(`q=${word}&colour=blue`);
    expect(page.total).toBe(2);
    // Orientation counts among blue items; colour counts among all (its own facet left out).
    expect(page.facetCounts?.orientation).toMatchObject({
      landscape: 1,
      panoramic: 1,
      portrait: 0,
    });
    expect(page.facetCounts?.colour).toMatchObject({ blue: 2, red: 1, green: 1, pink: 0 });
    expect(page.facetCounts?.resolution).toMatchObject({ "7680": 1, "3840": 2 });
  });

  it("pages served from the catalogue cache differ by every facet", async () => {
    const page = async (params: string) =>
      (await app.fetch(`/fr/marketplace?q=${word}&${params}`)).text();
    // The same search with one facet changed at a time, each read twice (the second from cache).
    const all = [
      "Paysage bleu",
      "Portrait rouge",
      "Carre vert",
      "Panorama bleu",
      "Clip court",
      "Clip long",
    ].map(t);
    const cases: Array<[string, string[]]> = [
      ["colour=red", [t("Portrait rouge")]],
      ["colour=green", [t("Carre vert")]],
      ["orientation=panoramic", [t("Panorama bleu")]],
      ["resolution=7680", [t("Panorama bleu")]],
      ["duration=0-30", [t("Clip court")]],
      // Under the extended licence only the free item (0 € + 45 €) costs 25-50 €.
      ["price=25-50&licence=extended", [t("Carre vert")]],
      ["price=25-50", []],
    ];
    for (const [params, expected] of cases) {
      for (const read of [1, 2]) {
        const body = await page(params);
        for (const title of all) {
          expect(body.includes(title), `${params}, read ${read}: ${title}`).toBe(
            expected.includes(title),
          );
        }
      }
    }
  });

  it("keeps unknown facet values out of the query instead of failing", async () => {
    const page = await search(`q=${word}&colour=chartreuse&orientation=diagonal&duration=x`);
    expect(page.total).toBe(6);
  });
});

describe("media job → item facets", () => {
  it("copies the first file's size and its named dominant colour onto the item", async () => {
    const title = `Bande ${token()}`;
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title,
      files: 0,
    });
    const file = await studioUpload(services, seller.id, {
      submissionId: submission.id,
      bytes: pngBytes(90, 30, [20, 50, 210]),
    });
    await enqueueJob(services.db, processMediaJobType, { uploadId: file.id });
    await drainJobs(services);
    const [row] = await services.db
      .select({
        width: contentSubmissions.mediaWidth,
        height: contentSubmissions.mediaHeight,
        colour: contentSubmissions.dominantColour,
      })
      .from(contentSubmissions)
      .where(eq(contentSubmissions.id, submission.id));
    expect(row).toEqual({ width: 90, height: 30, colour: "blue" });
    const words = encodeURIComponent(title);
    expect(await titles(`q=${words}&orientation=panoramic&colour=blue`)).toEqual([title]);
    // Removing the file forgets what it said.
    await services.db.delete(uploads).where(eq(uploads.id, file.id));
    expect(await titles(`q=${words}&colour=blue`)).toEqual([]);
  });
});

describe("spelling correction, word by word", () => {
  it("'soliel' shows the results for 'soleil' and says so", async () => {
    const word = token();
    await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Coucher de soleil ${word}`,
    });
    const page = await search(`q=soliel+${word}`);
    expect(page.correctedQuery).toBe(`soleil ${word}`);
    expect(page.items.map((item) => item.title.fr)).toEqual([`Coucher de soleil ${word}`]);
    expect(await correctedSearch(services.db, "soliel")).toBe("soleil");
  });

  it("corrects only the misspelt word of a two-word query", async () => {
    const word = token();
    await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Brume matinale ${word}`,
    });
    expect(await correctedSearch(services.db, `brume matinlae`)).toBe("brume matinale");
    const page = await search(`q=Brume+matinlae`);
    expect(page.correctedQuery).toBe("brume matinale");
    expect(page.items.map((item) => item.title.fr)).toContain(`Brume matinale ${word}`);
  });

  it("says nothing when every word is known or nothing is near", async () => {
    expect(await correctedSearch(services.db, "soleil")).toBeNull();
    expect(await correctedSearch(services.db, "qxzvwk")).toBeNull();
    expect((await search("q=qxzvwk")).correctedQuery).toBeNull();
  });
});

describe("suggestions endpoint", () => {
  async function suggest(typed: string, lang = "fr") {
    const response = await app.fetch(
      `/api/catalogue/suggestions?q=${encodeURIComponent(typed)}&lang=${lang}`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as {
      items: Array<{ id: string; title: string }>;
      tags: string[];
      creators: Array<{ id: string; name: string }>;
    };
  }

  it("proposes items, tags and creators on sale, never drafts or items under review", async () => {
    const word = token();
    const store = `Atelier ${word}`;
    // A seller of their own: the creator suggestion must go when their one item does.
    const { email } = await signedInAs(app, "creator");
    const seller = await viewerByEmail(services, email, "creator");
    await services.db
      .update(profiles)
      .set({ storeName: store })
      .where(eq(profiles.userId, seller.id));
    const { submission } = await makeSubmission(services, seller.id, {
      status: "approved",
      title: `Falaise ${word}`,
      titleEn: `Cliff ${word}`,
      tags: [`falaise-${word}`],
      tagsEn: [`cliff-${word}`],
    });
    await makeSubmission(services, seller.id, { status: "draft", title: `Brouillon ${word}` });
    await makeSubmission(services, seller.id, { status: "pending", title: `Attente ${word}` });
    await makeSubmission(services, seller.id, { status: "rejected", title: `Refus ${word}` });

    const fr = await suggest(word);
    expect(fr.items).toEqual([{ id: submission.id, title: `Falaise ${word}` }]);
    expect(fr.tags).toEqual([`falaise-${word}`]);
    expect(fr.creators).toEqual([{ id: seller.id, name: store }]);
    const en = await suggest(word, "en");
    expect(en.items).toEqual([{ id: submission.id, title: `Cliff ${word}` }]);
    expect(en.tags).toEqual([`cliff-${word}`]);
    expect(JSON.stringify([fr, en])).not.toMatch(/Brouillon|Attente|Refus/);

    // A deleted item leaves the suggestions, and its seller with it when nothing else is on sale.
    await services.db
      .update(contentSubmissions)
      .set({ deletedAt: new Date() })
      .where(eq(contentSubmissions.id, submission.id));
    await services.events.publish({
      type: "catalogue.changed",
      submissionId: submission.id,
      change: "deleted",
    });
    expect(await suggest(word)).toEqual({ items: [], tags: [], creators: [] });
  });

  it("proposes nothing under two letters", async () => {
    expect(await suggest("a")).toEqual({ items: [], tags: [], creators: [] });
  });
});
