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
  values: { title: string; description: string; tags: string[]; categoryId: string; kind: string };
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

const emptyForm = { title: "", description: "", tags: [], categoryId: "", price: "" };

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
    const answer = await ask(id, { ...emptyForm, title: "Mon titre à moi", price: "60" });
    expect(answer.values.title).toBe("Mon titre à moi");
    expect(answer.filled).not.toContain("title");
    expect(answer.filled).toEqual(expect.arrayContaining(["description", "tags", "categoryId"]));
    expect(answer.values.categoryId).toBe(await categoryId("photo"));
    expect(answer.proposal.fr.title).toBe("Marché de noël – image");
    expect(answer.proposal.en.title).toBe("Christmas market – image");

    const draft = (await draftOf(id))!;
    expect(draft).toMatchObject({
      status: "draft",
      title: "Mon titre à moi",
      priceCents: 6000,
      categoryId: await categoryId("photo"),
      proposalUnreviewed: false,
    });
    expect(draft.description).toContain("Marché de noël");
    expect(draft.tags).toContain("marché de noël");

    // The draft survives a reload: the page shows it.
    const html = await (await app.fetch(page, { cookies: seller })).text();
    expect(html).toContain("Mon titre à moi");
    expect(html).toContain(draft.description);
  });

  it("replaces a filled field only when the seller ticks it", async () => {
    const id = await uploadFile(app, seller, pngBytes(120, 80), "coucher-de-soleil.png");
    const typed = {
      ...emptyForm,
      title: "Titre du vendeur",
      description: "Description du vendeur.",
      tags: ["mien"],
    };
    const untouched = await ask(id, typed);
    expect(untouched.values).toMatchObject({
      title: "Titre du vendeur",
      description: "Description du vendeur.",
      tags: ["mien"],
    });
    expect(untouched.filled).toEqual(["categoryId"]);

    // The page now holds the proposed category, as the form shows it.
    const replaced = await ask(
      id,
      { ...typed, categoryId: untouched.values.categoryId },
      { replace: ["title"] },
    );
    expect(replaced.values.title).toBe("Coucher de soleil – image");
    expect(replaced.values.description).toBe("Description du vendeur.");
    expect(replaced.values.tags).toEqual(["mien"]);
    expect(replaced.filled).toEqual(["title"]);
    expect((await draftOf(id))!.title).toBe("Coucher de soleil – image");

    // Without the page's values, the saved draft is what is kept.
    const fromDraft = await ask(id, null, { lang: "en" });
    expect(fromDraft.values.title).toBe("Coucher de soleil – image");
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
        ...answer.values,
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
