import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSubmissions, platformSettings, uploads } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { pdfBytes, pngBytes } from "../support/files";
import { mediaProcessed, postFields, productFields, uploadFile } from "../support/studio";
import type { CookieJar, TestApp } from "../support/test-app";
import { testApp } from "../support/test-app";

const page = "/fr/product-management";
let app: TestApp;
let seller: CookieJar;

beforeAll(async () => {
  app = await testApp();
  seller = (await signedInAs(app, "creator")).jar;
});

async function submissionOf(uploadId: string) {
  const { db } = await app.services();
  const upload = await db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
  if (!upload?.submissionId) return null;
  return (await db.query.contentSubmissions.findFirst({
    where: eq(contentSubmissions.id, upload.submissionId),
  }))!;
}

async function freshImage(jar = seller, name = "plage.png") {
  return uploadFile(app, jar, pngBytes(120, 80), name);
}

describe("product management (step 2)", () => {
  it("lists the seller's uploaded files, with the metadata read from them", async () => {
    const id = await freshImage(seller, "coucher-de-soleil.png");
    await mediaProcessed(app);
    const html = await (await app.fetch(page, { cookies: seller })).text();
    expect(html).toContain("coucher-de-soleil.png");
    expect(html).toContain(`/media/${id}/thumbnail`);
    expect(html).toContain("120 × 80 px");
  });

  it("saves a draft only with a title, and keeps it in the studio", async () => {
    const id = await freshImage();
    const refused = await postFields(
      app,
      page,
      productFields(id, "draft", { title: "  " }),
      seller,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Le titre est obligatoire pour sauvegarder");
    expect(await submissionOf(id)).toBeNull();

    const saved = await postFields(
      app,
      page,
      productFields(id, "draft", { title: "Plage", tags: ["mer", "été"], price: "12,50" }),
      seller,
    );
    expect(saved.status).toBe(200);
    const draft = (await submissionOf(id))!;
    expect(draft).toMatchObject({
      status: "draft",
      titleFr: "Plage",
      tagsFr: ["mer", "été"],
      priceCents: 1250,
    });
    expect(await (await app.fetch(page, { cookies: seller })).text()).toContain("Plage");
  });

  it("publishes to review (pending) with a title and a description, and the file leaves the studio", async () => {
    const id = await freshImage();
    const refused = await postFields(
      app,
      page,
      productFields(id, "publish", { title: "Sans description" }),
      seller,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Le titre et la description sont obligatoires pour publier",
    );
    expect(await submissionOf(id)).toBeNull();

    const published = await postFields(
      app,
      page,
      productFields(id, "publish", { title: "Dunes", description: "Des dunes au soleil." }),
      seller,
    );
    expect(published.status).toBe(200);
    const submission = (await submissionOf(id))!;
    expect(submission.status).toBe("pending");
    expect(submission.submittedAt).not.toBeNull();
    expect(submission.approvedAt).toBeNull();
    // Sent: it can no longer be changed from the studio.
    const again = await postFields(
      app,
      page,
      productFields(id, "draft", { title: "Autre" }),
      seller,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ce contenu a déjà été envoyé en validation.");
    expect((await submissionOf(id))!.titleFr).toBe("Dunes");
  });

  it("approves at once when the auto-approve setting is on", async () => {
    const { db } = await app.services();
    await db
      .update(platformSettings)
      .set({ autoApproveOnPublish: true })
      .where(eq(platformSettings.id, 1));
    try {
      const id = await freshImage();
      await postFields(
        app,
        page,
        productFields(id, "publish", { title: "Auto", description: "Validé." }),
        seller,
      );
      const submission = (await submissionOf(id))!;
      expect(submission.status).toBe("approved");
      expect(submission.approvedAt).not.toBeNull();
    } finally {
      await db
        .update(platformSettings)
        .set({ autoApproveOnPublish: false })
        .where(eq(platformSettings.id, 1));
    }
  });

  it("refuses a price that is not an amount in euros, a kind the file cannot be, an unknown category", async () => {
    const id = await freshImage();
    const cases: Array<[Parameters<typeof productFields>[2], string]> = [
      [{ title: "Prix", price: "-3" }, "Prix invalide"],
      [{ title: "Prix", price: "12,345" }, "Prix invalide"],
      [{ title: "Type", kind: "video" }, "Ce type de contenu ne correspond pas au fichier."],
      [
        { title: "Catégorie", categoryId: "00000000-0000-4000-8000-000000000000" },
        "Cette catégorie n&#x27;existe plus.",
      ],
    ];
    for (const [values, message] of cases) {
      const response = await postFields(app, page, productFields(id, "draft", values), seller);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await submissionOf(id)).toBeNull();
  });

  it("lets no one else describe or publish a seller's file", async () => {
    const id = await freshImage();
    const other = (await signedInAs(app, "creator")).jar;
    const response = await postFields(
      app,
      page,
      productFields(id, "publish", { title: "Volé", description: "Pas à moi." }),
      other,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Contenu non trouvé ou accès refusé");
    expect(await submissionOf(id)).toBeNull();
    expect(await (await app.fetch(page, { cookies: other })).text()).not.toContain(id);
  });

  it("publishes every ready product at once, and says when none is ready", async () => {
    const jar = (await signedInAs(app, "creator")).jar;
    const [ready, alsoReady, incomplete] = [
      await freshImage(jar),
      await freshImage(jar),
      await freshImage(jar),
    ];
    const products = (entries: Array<[string, string, string]>) =>
      JSON.stringify(
        entries.map(([uploadId, title, description]) => ({
          uploadId,
          title: { fr: title, en: "" },
          description: { fr: description, en: "" },
          kind: "photo",
          categoryId: "",
          tags: { fr: [], en: [] },
          price: "",
          coverUploadId: "",
        })),
      );
    const none = await postFields(
      app,
      page,
      [
        ["intent", "publishAll"],
        ["products", products([[incomplete, "", ""]])],
      ],
      jar,
    );
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(
      "Aucun produit prêt à publier. Vérifiez les titres et descriptions.",
    );

    const response = await postFields(
      app,
      page,
      [
        ["intent", "publishAll"],
        [
          "products",
          products([
            [ready, "Un", "Premier."],
            [alsoReady, "Deux", "Second."],
            [incomplete, "Trois", ""],
          ]),
        ],
      ],
      jar,
    );
    expect(response.status).toBe(200);
    expect((await submissionOf(ready))!.status).toBe("pending");
    expect((await submissionOf(alsoReady))!.status).toBe("pending");
    expect(await submissionOf(incomplete)).toBeNull();
  });

  it("shows the studio's empty state when every file was sent", async () => {
    const jar = (await signedInAs(app, "creator")).jar;
    const html = await (await app.fetch(page, { cookies: jar })).text();
    expect(html).toContain("Aucun fichier trouvé. Veuillez d&#x27;abord uploader vos fichiers.");
  });

  it("only attaches covers that are the seller's own cover uploads", async () => {
    const { db } = await app.services();
    const ebook = await uploadFile(app, seller, pdfBytes("Guide"), "guide.pdf");
    const notACover = await freshImage();
    const needsCover = await postFields(
      app,
      page,
      productFields(ebook, "publish", { title: "Guide", description: "Un guide.", kind: "ebook" }),
      seller,
    );
    expect(needsCover.status).toBe(400);
    expect(await needsCover.text()).toContain(
      "Une image de couverture est obligatoire pour publier un ebook",
    );

    const wrongCover = await postFields(
      app,
      page,
      productFields(ebook, "publish", {
        title: "Guide",
        description: "Un guide.",
        kind: "ebook",
        coverUploadId: notACover,
      }),
      seller,
    );
    expect(wrongCover.status).toBe(400);
    expect(await submissionOf(ebook)).toBeNull();

    const cover = await uploadFile(app, seller, pngBytes(60, 90), "couverture.png", {
      purpose: "cover",
    });
    const published = await postFields(
      app,
      page,
      productFields(ebook, "publish", {
        title: "Guide",
        description: "Un guide.",
        kind: "ebook",
        coverUploadId: cover,
        price: "3,99",
      }),
      seller,
    );
    expect(published.status).toBe(200);
    const submission = (await submissionOf(ebook))!;
    expect(submission).toMatchObject({ status: "pending", kind: "ebook", priceCents: 399 });
    const attached = await db.query.uploads.findFirst({
      where: and(eq(uploads.submissionId, submission.id), eq(uploads.purpose, "cover")),
    });
    expect(attached?.id).toBe(cover);
  });
});

describe("AI metadata for a studio file", () => {
  async function ask(jar: CookieJar | undefined, uploadId: string, lang = "fr") {
    const body = new FormData();
    body.set("uploadId", uploadId);
    body.set("lang", lang);
    return app.fetch("/api/studio/ai-metadata", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost:3000" },
      cookies: jar,
    });
  }

  it("proposes metadata from the file itself when no AI provider is configured, and says so", async () => {
    const id = await uploadFile(
      app,
      seller,
      pngBytes(400, 200, [240, 120, 20]),
      "coucher-de-soleil.png",
    );
    await mediaProcessed(app);
    const french = (await (await ask(seller, id)).json()) as {
      proposal: { fr: { title: string; tags: string[] }; en: { title: string } };
      values: { title_fr: string; title_en: string };
      warning: string;
    };
    expect(french.warning).toBe("IA indisponible, métadonnées de base générées");
    expect(french.proposal.fr.title.toLowerCase()).toContain("coucher de soleil");
    expect(french.values.title_fr).toBe(french.proposal.fr.title);
    expect(french.values.title_en).toBe(french.proposal.en.title);
    expect(french.proposal.fr.tags).toContain("paysage");
    expect(french.proposal.en.title.toLowerCase()).toContain("sunset");
    const english = (await (await ask(seller, id, "en")).json()) as {
      proposal: { en: { title: string } };
      warning: string;
    };
    expect(english.warning).toBe("AI unavailable, basic metadata generated");
    expect(english.proposal.en.title.toLowerCase()).toContain("sunset");
  });

  it("refuses visitors, buyers and other sellers", async () => {
    const id = await freshImage();
    expect((await ask(undefined, id)).status).toBe(401);
    expect((await ask((await signedInAs(app, "client")).jar, id)).status).toBe(403);
    const other = await ask((await signedInAs(app, "creator")).jar, id);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe(
      "Contenu non trouvé ou accès refusé",
    );
  });
});
