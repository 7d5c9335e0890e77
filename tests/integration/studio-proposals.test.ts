import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, contentSubmissions, uploads } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { pngBytes } from "../support/files";
import { postFields, uploadFile } from "../support/studio";
import type { CookieJar, TestApp } from "../support/test-app";
import { testApp } from "../support/test-app";

/** AI proposals never destroy work, are kept as drafts, and wait to be looked at (record 0050). */
const page = "/fr/product-management";
let app: TestApp;
let seller: CookieJar;

beforeAll(async () => {
  app = await testApp();
  seller = (await signedInAs(app, "creator")).jar;
});

interface Answer {
  values: {
    title_fr: string;
    title_en: string;
    description_fr: string;
    description_en: string;
    tags_fr: string[];
    tags_en: string[];
    categoryId: string;
    kind: string;
  };
  filled: string[];
  unreviewed: boolean;
  proposal: { fr: { title: string }; en: { title: string } };
}

async function ask(
  uploadId: string,
  current: Record<string, unknown> | null,
  options: { replace?: string[]; mode?: "single" | "batch"; jar?: CookieJar; lang?: string } = {},
) {
  const body = new FormData();
  body.set("uploadId", uploadId);
  body.set("lang", options.lang ?? "fr");
  body.set("mode", options.mode ?? "single");
  if (current) body.set("current", JSON.stringify(current));
  for (const field of options.replace ?? []) body.append("replace", field);
  const response = await app.fetch("/api/studio/ai-metadata", {
    method: "POST",
    body,
    headers: { Origin: "http://localhost:3000" },
    cookies: options.jar ?? seller,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
}

const emptyForm = {
  title_fr: "",
  title_en: "",
  description_fr: "",
  description_en: "",
  tags_fr: [],
  tags_en: [],
  categoryId: "",
  price: "",
};

async function draftOf(uploadId: string) {
  const { db } = await app.services();
  const upload = await db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
  if (!upload?.submissionId) return null;
  return (await db.query.contentSubmissions.findFirst({
    where: eq(contentSubmissions.id, upload.submissionId),
  }))!;
}

async function categoryId(slug: string) {
  const { db } = await app.services();
  return (await db.query.categories.findFirst({ where: eq(categories.slug, slug) }))!.id;
}

describe("AI proposals in the studio", () => {
  it("fills empty fields only: a typed title stays, the rest is proposed and saved as a draft", async () => {
    const id = await uploadFile(app, seller, pngBytes(120, 80), "marché-de-noël.png");
    const answer = await ask(id, { ...emptyForm, title_fr: "Mon titre à moi", price: "60" });
    expect(answer.values.title_fr).toBe("Mon titre à moi");
    expect(answer.filled).not.toContain("title_fr");
    // Each language on its own: the empty English title is filled from the English proposal.
    expect(answer.values.title_en).toBe("Christmas market – image");
    expect(answer.filled).toEqual(
      expect.arrayContaining([
        "title_en",
        "description_fr",
        "description_en",
        "tags_fr",
        "tags_en",
        "categoryId",
      ]),
    );
    expect(answer.values.categoryId).toBe(await categoryId("photo"));
    expect(answer.proposal.fr.title).toBe("Marché de noël – image");
    expect(answer.proposal.en.title).toBe("Christmas market – image");

    const draft = (await draftOf(id))!;
    expect(draft).toMatchObject({
      status: "draft",
      titleFr: "Mon titre à moi",
      titleEn: "Christmas market – image",
      priceCents: 6000,
      categoryId: await categoryId("photo"),
      proposalUnreviewed: false,
    });
    expect(draft.descriptionFr).toContain("Marché de noël");
    expect(draft.descriptionEn).toContain("Christmas market");
    expect(draft.tagsFr).toContain("marché de noël");
    expect(draft.tagsEn.length).toBeGreaterThan(0);

    // The draft survives a reload: the page shows it.
    const html = await (await app.fetch(page, { cookies: seller })).text();
    expect(html).toContain("Mon titre à moi");
    expect(html).toContain(draft.descriptionFr);
  });

  it("replaces a filled field only when the seller ticks it", async () => {
    const id = await uploadFile(app, seller, pngBytes(120, 80), "coucher-de-soleil.png");
    const typed = {
      ...emptyForm,
      title_fr: "Titre du vendeur",
      title_en: "Seller's title",
      description_fr: "Description du vendeur.",
      description_en: "Seller's description.",
      tags_fr: ["mien"],
      tags_en: ["mine"],
    };
    const untouched = await ask(id, typed);
    expect(untouched.values).toMatchObject({
      title_fr: "Titre du vendeur",
      title_en: "Seller's title",
      description_fr: "Description du vendeur.",
      description_en: "Seller's description.",
      tags_fr: ["mien"],
      tags_en: ["mine"],
    });
    expect(untouched.filled).toEqual(["categoryId"]);

    // The page now holds the proposed category, as the form shows it.
    const replaced = await ask(
      id,
      { ...typed, categoryId: untouched.values.categoryId },
      { replace: ["title"] },
    );
    // The "title" tick covers the title in both languages.
    expect(replaced.values.title_fr).toBe("Coucher de soleil – image");
    expect(replaced.values.title_en).toBe("Sunset – image");
    expect(replaced.values.description_fr).toBe("Description du vendeur.");
    expect(replaced.values.tags_fr).toEqual(["mien"]);
    expect(replaced.filled).toEqual(["title_fr", "title_en"]);
    expect(await draftOf(id)).toMatchObject({
      titleFr: "Coucher de soleil – image",
      titleEn: "Sunset – image",
      descriptionEn: "Seller's description.",
    });

    // Without the page's values, the saved draft is what is kept.
    const fromDraft = await ask(id, null, { lang: "en" });
    expect(fromDraft.values.title_fr).toBe("Coucher de soleil – image");
    expect(fromDraft.filled).toEqual([]);
  });

  it("keeps a batch proposal out of the bulk publish until the seller looks at it", async () => {
    const jar = (await signedInAs(app, "creator")).jar;
    const id = await uploadFile(app, jar, pngBytes(120, 80), "plage.png");
    const answer = await ask(id, emptyForm, { mode: "batch", jar });
    expect(answer.unreviewed).toBe(true);
    expect((await draftOf(id))!.proposalUnreviewed).toBe(true);

    const products = JSON.stringify([
      {
        uploadId: id,
        // The bulk publish sends the side-by-side form's values.
        title: { fr: answer.values.title_fr, en: answer.values.title_en },
        description: { fr: answer.values.description_fr, en: answer.values.description_en },
        tags: { fr: answer.values.tags_fr, en: answer.values.tags_en },
        categoryId: answer.values.categoryId,
        kind: answer.values.kind,
        price: "",
        coverUploadId: "",
      },
    ]);
    const refused = await postFields(
      app,
      page,
      [
        ["intent", "publishAll"],
        ["products", products],
      ],
      jar,
    );
    expect(refused.status).toBe(400);
    expect((await draftOf(id))!.status).toBe("draft");

    const looked = await postFields(
      app,
      page,
      [
        ["intent", "reviewed"],
        ["uploadId", id],
      ],
      jar,
    );
    expect(looked.status).toBe(200);
    expect((await draftOf(id))!.proposalUnreviewed).toBe(false);

    const published = await postFields(
      app,
      page,
      [
        ["intent", "publishAll"],
        ["products", products],
      ],
      jar,
    );
    expect(published.status).toBe(200);
    expect((await draftOf(id))!.status).toBe("pending");
  });

  it("never touches another seller's file", async () => {
    const id = await uploadFile(app, seller, pngBytes(40, 40), "autre.png");
    const other = (await signedInAs(app, "creator")).jar;
    const body = new FormData();
    body.set("uploadId", id);
    body.set("lang", "fr");
    const response = await app.fetch("/api/studio/ai-metadata", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000" },
      cookies: other,
    });
    expect(response.status).toBe(404);
    expect(await draftOf(id)).toBeNull();
    const reviewed = await postFields(
      app,
      page,
      [
        ["intent", "reviewed"],
        ["uploadId", id],
      ],
      other,
    );
    expect(reviewed.status).toBe(200);
    expect(await draftOf(id)).toBeNull();
  });
});
