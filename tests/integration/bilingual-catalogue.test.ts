import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/modules/auth/roles";
import { getProduct, searchCatalogue } from "~/modules/catalogue/catalogue.server";
import { parseMarketplaceQuery } from "~/modules/catalogue/catalogue-query";
import { contentSubmissions } from "~/modules/db/schema";
import { inLocale } from "~/modules/i18n/bilingual-text";
import type { Services } from "~/modules/services";
import { findCertificate, listPurchases } from "~/modules/commerce/purchases.server";
import { orderLines } from "~/modules/commerce/orders.server";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { pngBytes } from "../support/files";
import { freshPostgresDatabase } from "../support/server-process";
import {
  makeSubmission,
  mediaProcessed,
  postFields,
  productFields,
  uploadFile,
  viewerByEmail,
} from "../support/studio";
import { testApp, type CookieJar, type TestApp } from "../support/test-app";

/**
 * The AI provider, faked at the network edge: an OpenAI-compatible chat-completions endpoint on
 * a local port that "translates" by answering a fixed English listing, and records each request.
 */
const providerRequests: Array<{ system: string; user: string }> = [];
const provider = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    const parsed = JSON.parse(body) as { messages: Array<{ content: string }> };
    providerRequests.push({
      system: parsed.messages[0]!.content,
      user: parsed.messages[1]!.content,
    });
    const content = JSON.stringify({
      title: "Sunset over the mountain",
      description: "An orange sky behind the peaks.",
      tags: ["Sunset", "#mountain", "sunset"],
    });
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
  });
});

let app: TestApp;
let services: Services;
let seller: { jar: CookieJar; viewer: Viewer };

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  // Read once when the app boots below (the tests start every other variable at its default).
  process.env.AI_API_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
  process.env.AI_API_KEY = "sk-test-translation";
  app = await testApp();
  services = await app.services();
  const { jar, email } = await signedInAs(app, "creator");
  seller = { jar, viewer: await viewerByEmail(services, email, "creator") };
});

afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

/** A word no other test uses, so each test searches its own items. */
const token = () => `zq${randomUUID().replace(/-/g, "").slice(0, 8)}`;

async function titlesFound(q: string, locale: "fr" | "en") {
  const page = await searchCatalogue(
    services.db,
    parseMarketplaceQuery(new URLSearchParams({ q })),
  );
  return page.items.map((item) => inLocale(item.title, locale));
}

describe("text stored per language", () => {
  it("saves the studio form's French and English text in their own columns", async () => {
    const id = await uploadFile(app, seller.jar, pngBytes(64, 48, [200, 90, 30]), "dune.png");
    await mediaProcessed(app);
    const saved = await postFields(
      app,
      "/en/product-management",
      productFields(id, "publish", {
        title: "Dune au coucher du soleil",
        description: "Une dune orange.",
        tags: ["dune", "désert"],
        titleEn: "Dune at sunset",
        descriptionEn: "An orange dune.",
        tagsEn: ["dune", "desert"],
      }),
      seller.jar,
    );
    expect(saved.status).toBe(200);
    const row = await services.db.query.contentSubmissions.findFirst({
      where: eq(contentSubmissions.creatorId, seller.viewer.id),
    });
    expect(row).toMatchObject({
      status: "pending",
      titleFr: "Dune au coucher du soleil",
      titleEn: "Dune at sunset",
      descriptionFr: "Une dune orange.",
      descriptionEn: "An orange dune.",
      tagsFr: ["dune", "désert"],
      tagsEn: ["dune", "desert"],
    });
  });

  it("publishes with one complete language, and refuses a title in one and a description in the other only", async () => {
    const id = await uploadFile(app, seller.jar, pngBytes(64, 48, [20, 90, 200]), "lac.png");
    await mediaProcessed(app);
    const mixed = await postFields(
      app,
      "/fr/product-management",
      productFields(id, "publish", { title: "Lac", descriptionEn: "A lake." }),
      seller.jar,
    );
    expect(mixed.status).toBe(400);
    expect(await mixed.text()).toContain(
      "Le titre et la description sont obligatoires pour publier",
    );
    const english = await postFields(
      app,
      "/fr/product-management",
      productFields(id, "publish", { titleEn: "Lake", descriptionEn: "A lake at dawn." }),
      seller.jar,
    );
    expect(english.status).toBe(200);
  });
});

describe("pages fall back to the other language", () => {
  it("shows the page's language on the product page, the French one where English is empty", async () => {
    const both = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "Falaise au matin",
      description: "Une falaise calcaire.",
      titleEn: "Cliff in the morning",
      descriptionEn: "A limestone cliff.",
      files: 1,
    });
    const frenchOnly = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "Prairie fleurie",
      description: "Des fleurs des champs.",
      files: 1,
    });
    const en = await (await app.fetch(`/en/product/${both.submission.id}`)).text();
    expect(en).toContain("Cliff in the morning");
    expect(en).toContain("A limestone cliff.");
    expect(en).toContain('<meta property="og:title" content="Cliff in the morning"');
    expect(en).toMatch(/"@type":"Product","name":"Cliff in the morning"/);
    const fr = await (await app.fetch(`/fr/product/${both.submission.id}`)).text();
    expect(fr).toContain("Falaise au matin");
    expect(fr).not.toContain("Cliff in the morning");

    const fallback = await (await app.fetch(`/en/product/${frenchOnly.submission.id}`)).text();
    expect(fallback).toMatch(/<h1[^>]*lang="fr"[^>]*>Prairie fleurie<\/h1>/);
    expect(fallback).toContain("Des fleurs des champs.");
  });

  it("reads both languages from the catalogue, and an English-only item shows English on French pages", async () => {
    const englishOnly = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "",
      description: "",
      titleEn: "Harbour lights",
      descriptionEn: "Boats at night.",
    });
    const product = await getProduct(services.db, null, englishOnly.submission.id);
    expect(product?.title).toEqual({ fr: "", en: "Harbour lights" });
    expect(inLocale(product!.title, "fr")).toBe("Harbour lights");
    const cards = await (await app.fetch(`/fr/marketplace?q=harbour`)).text();
    expect(cards).toContain("Harbour lights");
  });
});

describe("sales read in the reader's language", () => {
  it("titles purchases, order lines and certificates in the reader's language, the sold title kept for gone items", async () => {
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "Forêt d'automne",
      titleEn: "Autumn forest",
    });
    const buyer = await signedInAs(app, "client");
    const buyerId = (await viewerByEmail(services, buyer.email, "client")).id;
    const { orderId } = await recordSale(services, buyerId, submission);
    expect((await orderLines(services.db, orderId, "en")).map((line) => line.title)).toEqual([
      "Autumn forest",
    ]);
    expect((await orderLines(services.db, orderId, "fr")).map((line) => line.title)).toEqual([
      "Forêt d'automne",
    ]);
    const [purchase] = await listPurchases(services.db, buyerId, "en", "forêt");
    expect(purchase?.title).toBe("Autumn forest");
    const certificate = await findCertificate(
      services.db,
      purchase!.certificateNumber!,
      { id: buyerId, role: "client" },
      "en",
    );
    expect(certificate?.title).toBe("Autumn forest");
    const page = await (
      await app.fetch("/en/buyer-dashboard?tab=purchases", { cookies: buyer.jar })
    ).text();
    expect(page).toContain(">Autumn forest<");
  });
});

describe("search in both languages", () => {
  it("finds a French and English item from either page, showing the page's language", async () => {
    const word = token();
    await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: `Coucher de soleil ${word}`,
      description: "Ciel orange sur la montagne.",
      tags: ["montagne"],
      titleEn: `Sunset ${word}`,
      descriptionEn: "Orange sky over the mountain.",
      tagsEn: ["ambient"],
    });
    expect(await titlesFound(`coucher ${word}`, "en")).toEqual([`Sunset ${word}`]);
    expect(await titlesFound(`sunset ${word}`, "fr")).toEqual([`Coucher de soleil ${word}`]);
    expect(await titlesFound(`ambient ${word}`, "en")).toEqual([`Sunset ${word}`]);

    const en = await (await app.fetch(`/en/marketplace?q=coucher+${word}`)).text();
    // Shown text only (the page's data, in a script, holds both languages).
    expect(en).toContain(`>Sunset ${word}<`);
    expect(en).not.toContain(`>Coucher de soleil ${word}<`);
    const fr = await (await app.fetch(`/fr/marketplace?q=sunset+${word}`)).text();
    expect(fr).toContain(`>Coucher de soleil ${word}<`);
    expect(fr).not.toContain(`>Sunset ${word}<`);
  });

  it("corrects a misspelt English word against the English words of the catalogue", async () => {
    const word = token();
    await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: `Phare ${word}`,
      titleEn: `Lighthouse ${word}`,
    });
    // 'lighthuose': two letters swapped in a word only the English text holds.
    expect(await titlesFound(`lighthuose`, "en")).toContain(`Lighthouse ${word}`);
  });
});

describe("filling one language from the other", () => {
  async function translate(jar: CookieJar | undefined, fields: Record<string, string>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return app.fetch("/api/studio/translate", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000" },
      cookies: jar,
    });
  }

  it("translates through the configured provider and tidies its tags", async () => {
    const response = await translate(seller.jar, {
      lang: "fr",
      from: "fr",
      title: "Coucher de soleil sur la montagne",
      description: "Un ciel orange derrière les sommets.",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      text: {
        title: "Sunset over the mountain",
        description: "An orange sky behind the peaks.",
        tags: ["sunset", "mountain"],
      },
    });
    const sent = providerRequests.at(-1)!;
    expect(sent.system).toContain("from French into English");
    expect(sent.user).toContain("Coucher de soleil sur la montagne");
  });

  it("refuses visitors and buyers", async () => {
    expect((await translate(undefined, { from: "fr", title: "x" })).status).toBe(401);
    const buyer = await signedInAs(app, "client");
    expect((await translate(buyer.jar, { from: "fr", title: "x" })).status).toBe(403);
  });

  it("offers the translation in the studio when a provider is configured", async () => {
    const html = await (
      await app.fetch(
        `/fr/seller-dashboard/content/${(await makeSubmission(services, seller.viewer.id, { status: "draft" })).submission.id}`,
        {
          cookies: seller.jar,
        },
      )
    ).text();
    expect(html).toContain("Titre (Français)");
    expect(html).toContain("Titre (Anglais)");
    expect(html).toContain("Traduire depuis le français");
  });
});

/** The migrations folder cut before the bilingual one, as a database made before it has seen. */
function migrationsBefore(tag: string): string {
  const source = path.resolve("drizzle");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-migrations-"));
  fs.cpSync(source, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Items as the app wrote them before: one title, description and tags, no language. */
const oldItems = `
  insert into users (id, name, email, email_verified) values ('old-seller', 'Old', 'old@example.test', true);
  insert into content_submissions (creator_id, title, description, tags, kind, status, approved_at)
    values ('old-seller', 'Coucher de soleil sur la montagne', 'Un ciel orange.', '{montagne,ciel}', 'photo', 'approved', now()),
           ('old-seller', 'Brouillon ancien', '', '{}', 'photo', 'draft', null);`;

const afterQuery = `select title_fr, title_en, description_fr, description_en, tags_fr, tags_en
  from content_submissions order by title_fr`;
const searchQuery = `select title_fr from content_submissions
  where status = 'approved' and search_doc like '%coucher%'`;

describe("the migration to per-language text", () => {
  const expected = [
    {
      title_fr: "Brouillon ancien",
      title_en: "",
      description_fr: "",
      description_en: "",
      tags_fr: [],
      tags_en: [],
    },
    {
      title_fr: "Coucher de soleil sur la montagne",
      title_en: "",
      description_fr: "Un ciel orange.",
      description_en: "",
      tags_fr: ["montagne", "ciel"],
      tags_en: [],
    },
  ];

  it("keeps every existing item's text as French, English empty, on PGlite", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    try {
      const db = drizzlePglite(client);
      await migratePglite(db, { migrationsFolder: migrationsBefore("bilingual-text") });
      await client.exec(oldItems);
      await migratePglite(db, { migrationsFolder: path.resolve("drizzle") });
      expect((await client.query(afterQuery)).rows).toEqual(expected);
      expect((await client.query(searchQuery)).rows).toEqual([
        { title_fr: "Coucher de soleil sur la montagne" },
      ]);
    } finally {
      await client.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    "keeps every existing item's text as French, English empty, on PostgreSQL",
    async () => {
      const database = await freshPostgresDatabase();
      const pool = new pg.Pool({ connectionString: database.url, max: 1 });
      try {
        const db = drizzlePg(pool);
        await migratePg(db, { migrationsFolder: migrationsBefore("bilingual-text") });
        await pool.query(oldItems);
        await migratePg(db, { migrationsFolder: path.resolve("drizzle") });
        expect((await pool.query(afterQuery)).rows).toEqual(expected);
        expect((await pool.query(searchQuery)).rows).toEqual([
          { title_fr: "Coucher de soleil sur la montagne" },
        ]);
      } finally {
        await pool.end();
        await database.drop();
      }
    },
  );
});
