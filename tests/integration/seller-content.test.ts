import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import type { Role, Viewer } from "~/modules/auth/roles";
import { contentSubmissions, entitlements, platformSettings, uploads } from "~/modules/db/schema";
import { listSellerSubmissions, sellerStats } from "~/modules/studio/seller-content.server";
import { updateSubmission } from "~/modules/studio/submission-edit.server";
import { signedInAs } from "../support/accounts";
import { recordSale } from "../support/commerce";
import { filesInStorage, makeSubmission, studioUpload, viewerByEmail } from "../support/studio";
import { type CookieJar, testApp, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
});

/** A new signed-in account of this role, with its domain viewer. */
async function account(role: Role): Promise<{ jar: CookieJar; viewer: Viewer }> {
  const { jar, email } = await signedInAs(app, role);
  return { jar, viewer: await viewerByEmail(services, email, role) };
}

/** Posts a form as a browser without JavaScript would, repeated fields included. */
function post(path: string, fields: [string, string][], jar?: CookieJar) {
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

/** The edit form's fields, as the page sends them. */
function editFields(
  intent: "save" | "submit",
  values: Partial<Record<"title" | "description" | "price" | "kind" | "newTags", string>> = {},
  tags: string[] = [],
): [string, string][] {
  return [
    ["title_fr", values.title ?? "Un titre"],
    ["description_fr", values.description ?? "Une description"],
    ["title_en", ""],
    ["description_en", ""],
    ["categoryId", ""],
    ["kind", values.kind ?? "photo"],
    ...tags.map((tag): [string, string] => ["tags_fr", tag]),
    ["newTags_fr", values.newTags ?? ""],
    ["price", values.price ?? "12"],
    ["intent", intent],
  ];
}

const editPath = (id: string, lang = "fr") => `/${lang}/seller-dashboard/content/${id}`;

async function submissionRow(id: string) {
  return services.db.query.contentSubmissions.findFirst({
    where: eq(contentSubmissions.id, id),
  });
}

async function uploadRow(id: string) {
  return services.db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

describe("the seller's content", () => {
  it("lists each seller's own submissions only, newest first", async () => {
    const seller = await account("creator");
    const other = await account("creator");
    const older = await makeSubmission(services, seller.viewer.id, {
      title: "Ancienne photo",
      createdAt: new Date("2025-01-10T10:00:00Z"),
    });
    const newer = await makeSubmission(services, seller.viewer.id, { title: "Nouvelle photo" });
    const foreign = await makeSubmission(services, other.viewer.id, { title: "Photo d'un autre" });

    const listed = await listSellerSubmissions(services.db, seller.viewer.id);
    expect(listed.map((row) => row.submission.id)).toEqual([
      newer.submission.id,
      older.submission.id,
    ]);

    const html = await (
      await app.fetch("/fr/seller-dashboard?tab=content", { cookies: seller.jar })
    ).text();
    expect(html).toContain("Nouvelle photo");
    expect(html).toContain("Ancienne photo");
    expect(html).not.toContain(foreign.submission.titleFr);
    expect(html.indexOf("Nouvelle photo")).toBeLessThan(html.indexOf("Ancienne photo"));
  });

  it("shows the status labels, the rejection reason, 'Gratuit' and '+N autres'", async () => {
    const seller = await account("creator");
    const rejected = await makeSubmission(services, seller.viewer.id, {
      status: "rejected",
      rejectionReason: "Image floue",
      files: 6,
    });
    await makeSubmission(services, seller.viewer.id, { status: "pending", priceCents: null });
    await makeSubmission(services, seller.viewer.id, { status: "approved", priceCents: 399 });
    await makeSubmission(services, seller.viewer.id, { status: "draft", title: "" });

    const html = await (
      await app.fetch("/fr/seller-dashboard?tab=content", { cookies: seller.jar })
    ).text();
    for (const label of ["En attente", "Approuvé", "Rejeté", "Brouillon", "Untitled", "Gratuit"])
      expect(html).toContain(label);
    expect(html).toContain("Motif du refus : Image floue");
    expect(html).toContain("+2 autres");
    expect(html).toContain("3,99\u00a0€");
    // Four tiles of six files: the other two are only counted.
    expect(html).toContain(rejected.files[3]!.fileName);
    expect(html).not.toContain(rejected.files[4]!.fileName);

    const english = await (
      await app.fetch("/en/seller-dashboard?tab=content", { cookies: seller.jar })
    ).text();
    for (const label of ["Pending", "Approved", "Rejected", "Draft", "Free", "+2 more", "€3.99"])
      expect(english).toContain(label);
  });
});

describe("who may change a submission", () => {
  it("answers 404 to another creator, changing nothing", async () => {
    const owner = await account("creator");
    const intruder = await account("creator");
    const { submission, files } = await makeSubmission(services, owner.viewer.id, {
      title: "À moi",
      withThumbnails: true,
    });
    const ownerStudioFile = await studioUpload(services, owner.viewer.id);
    const intruderStudioFile = await studioUpload(services, intruder.viewer.id);

    const page = await app.fetch(editPath(submission.id), { cookies: intruder.jar });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Contenu non trouvé ou accès refusé");

    const edit = await post(
      editPath(submission.id),
      editFields("save", { title: "Volé" }),
      intruder.jar,
    );
    expect(edit.status).toBe(404);
    expect(await edit.text()).toContain("Contenu non trouvé ou accès refusé");

    for (const uploadId of [ownerStudioFile.id, intruderStudioFile.id]) {
      const add = await post(
        editPath(submission.id),
        [
          ["intent", "addFiles"],
          ["uploadIds", uploadId],
        ],
        intruder.jar,
      );
      expect(add.status).toBe(404);
    }

    const removal = await post(
      "/fr/seller-dashboard?tab=content",
      [
        ["intent", "delete"],
        ["submissionId", submission.id],
      ],
      intruder.jar,
    );
    expect(removal.status).toBe(404);
    expect(await removal.text()).toContain("Contenu non trouvé ou accès refusé");

    const after = await submissionRow(submission.id);
    expect(after?.titleFr).toBe("À moi");
    expect(after?.updatedAt).toEqual(submission.updatedAt);
    expect((await uploadRow(ownerStudioFile.id))?.submissionId).toBeNull();
    expect((await uploadRow(intruderStudioFile.id))?.submissionId).toBeNull();
    expect(await filesInStorage(services, files[0]!.id)).toHaveLength(2);
  });

  it("answers 404 to an id that is not one", async () => {
    const seller = await account("creator");
    const response = await app.fetch(editPath("not-a-uuid"), { cookies: seller.jar });
    expect(response.status).toBe(404);
    const removal = await post(
      "/fr/seller-dashboard",
      [
        ["intent", "delete"],
        ["submissionId", "1 or 1=1"],
      ],
      seller.jar,
    );
    expect(removal.status).toBe(404);
  });

  it("lets an admin edit, add files to and delete anyone's submission", async () => {
    const owner = await account("creator");
    const admin = await account("admin");
    const { submission } = await makeSubmission(services, owner.viewer.id, {
      status: "approved",
    });
    const studioFile = await studioUpload(services, owner.viewer.id);

    expect((await app.fetch(editPath(submission.id), { cookies: admin.jar })).status).toBe(200);
    const edit = await post(
      editPath(submission.id),
      editFields("save", { title: "Corrigé par l'admin" }),
      admin.jar,
    );
    expect(edit.status).toBe(302);
    expect((await submissionRow(submission.id))?.titleFr).toBe("Corrigé par l'admin");

    const add = await post(
      editPath(submission.id),
      [
        ["intent", "addFiles"],
        ["uploadIds", studioFile.id],
      ],
      admin.jar,
    );
    expect(add.status).toBe(302);
    expect((await uploadRow(studioFile.id))?.submissionId).toBe(submission.id);

    const removal = await post(
      "/fr/seller-dashboard",
      [
        ["intent", "delete"],
        ["submissionId", submission.id],
      ],
      admin.jar,
    );
    expect(removal.status).toBe(302);
    expect(await submissionRow(submission.id)).toBeUndefined();
  });
});

describe("editing and sending for review", () => {
  it("sends a draft for review from the edit form: pending, with the toast", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "draft" });
    const response = await post(
      editPath(submission.id),
      editFields("submit", { title: "Prêt", price: "3,99" }, ["mer"]),
      seller.jar,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr/seller-dashboard?tab=content");
    const after = await submissionRow(submission.id);
    expect(after).toMatchObject({
      status: "pending",
      titleFr: "Prêt",
      priceCents: 399,
      tagsFr: ["mer"],
    });
    expect(after?.submittedAt).toBeInstanceOf(Date);
    const next = await (
      await app.fetch("/fr/seller-dashboard?tab=content", { cookies: seller.jar })
    ).text();
    expect(next).toContain("Contenu envoyé en validation");
  });

  it("saves a draft as a draft, with 'Contenu mis à jour'", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "draft" });
    const response = await post(
      editPath(submission.id),
      editFields("save", { title: "Toujours brouillon", description: "", price: "" }),
      seller.jar,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(editPath(submission.id));
    expect(await submissionRow(submission.id)).toMatchObject({
      status: "draft",
      priceCents: null,
      descriptionFr: "",
    });
    const next = await (await app.fetch(editPath(submission.id), { cookies: seller.jar })).text();
    expect(next).toContain("Contenu mis à jour");
  });

  it("sends a rejected submission back to pending, keeping its reason for the reviewer", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "rejected",
      rejectionReason: "Trop sombre",
    });
    const page = await (await app.fetch(editPath(submission.id), { cookies: seller.jar })).text();
    expect(page).toContain("Trop sombre");
    expect(page).toContain("Renvoyer en validation");

    const { status } = await updateSubmission(services, seller.viewer, submission.id, {
      fields: {
        title: { fr: "Éclairci", en: "" },
        description: { fr: "Plus lumineux", en: "" },
        categoryId: null,
        kind: "photo",
        tags: { fr: [], en: [] },
        price: 500,
      },
      intent: "submit",
    });
    expect(status).toBe("pending");
    expect(await submissionRow(submission.id)).toMatchObject({
      status: "pending",
      rejectionReason: "Trop sombre",
      titleFr: "Éclairci",
    });
  });

  it("keeps an approved submission approved when only its price is edited", async () => {
    const seller = await account("creator");
    // The same text as the form sends: only the price changes (a material change would send it
    // back to moderation, docs/product.md "Moderation").
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "Un titre",
      description: "Une description",
    });
    for (const intent of ["save", "submit"] as const) {
      const response = await post(
        editPath(submission.id),
        editFields(intent, { price: "45" }),
        seller.jar,
      );
      expect(response.status).toBe(302);
      expect(await submissionRow(submission.id)).toMatchObject({
        status: "approved",
        priceCents: 4500,
      });
    }
  });

  it("approves at once when the auto-approve setting is on", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "draft" });
    await services.db
      .update(platformSettings)
      .set({ autoApproveOnPublish: true })
      .where(eq(platformSettings.id, 1));
    try {
      const response = await post(editPath(submission.id), editFields("submit"), seller.jar);
      expect(response.status).toBe(302);
      const after = await submissionRow(submission.id);
      expect(after?.status).toBe("approved");
      expect(after?.approvedAt).toBeInstanceOf(Date);
      const next = await (
        await app.fetch("/fr/seller-dashboard?tab=content", { cookies: seller.jar })
      ).text();
      expect(next).toContain("Contenu publié");
    } finally {
      await services.db
        .update(platformSettings)
        .set({ autoApproveOnPublish: false })
        .where(eq(platformSettings.id, 1));
    }
  });

  it("adds typed keywords to the chips, as the browser's field would", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, { tags: ["mer"] });
    await post(
      editPath(submission.id),
      editFields("save", { newTags: "plage, soleil;Mer\nvagues" }, ["mer"]),
      seller.jar,
    );
    expect((await submissionRow(submission.id))?.tagsFr).toEqual([
      "mer",
      "plage",
      "soleil",
      "vagues",
    ]);
  });

  it("returns what was typed with a translated error, saving nothing", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      title: "Titre d'origine",
    });
    const missing = await post(
      editPath(submission.id),
      editFields("save", { title: "", description: "Ma description tapée" }, ["gardé"]),
      seller.jar,
    );
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Le titre et la description sont obligatoires pour publier");
    expect(html).toContain("Erreur lors de la mise à jour");
    expect(html).toContain("Ma description tapée");
    expect(html).toContain('value="gardé"');

    const price = await post(
      editPath(submission.id),
      editFields("save", { title: "Nouveau titre", price: "douze" }),
      seller.jar,
    );
    expect(price.status).toBe(400);
    const priceHtml = await price.text();
    expect(priceHtml).toContain("Prix invalide");
    expect(priceHtml).toContain('value="douze"');
    expect(priceHtml).toContain('value="Nouveau titre"');

    const category = await post(
      editPath(submission.id),
      [
        ...editFields("save").filter(([name]) => name !== "categoryId"),
        ["categoryId", "00000000-0000-4000-8000-000000000000"],
      ],
      seller.jar,
    );
    expect(category.status).toBe(400);
    expect(await category.text()).toContain("Cette catégorie n&#x27;existe pas.");

    const kind = await post(
      editPath(submission.id, "en"),
      editFields("save", { kind: "video" }),
      seller.jar,
    );
    expect(kind.status).toBe(400);
    expect(await kind.text()).toContain("This content type does not match the file.");

    expect((await submissionRow(submission.id))?.titleFr).toBe("Titre d'origine");
  });
});

describe("adding files and deleting", () => {
  it("adds the seller's unused studio files, after the existing ones", async () => {
    const seller = await account("creator");
    const { submission, files } = await makeSubmission(services, seller.viewer.id, { files: 2 });
    const first = await studioUpload(services, seller.viewer.id, { fileName: "ajout-1.png" });
    const second = await studioUpload(services, seller.viewer.id, { fileName: "ajout-2.png" });

    const page = await (await app.fetch(editPath(submission.id), { cookies: seller.jar })).text();
    expect(page).toContain("ajout-1.png");
    expect(page).toContain("ajout-2.png");

    const response = await post(
      editPath(submission.id),
      [
        ["intent", "addFiles"],
        ["uploadIds", first.id],
        ["uploadIds", second.id],
      ],
      seller.jar,
    );
    expect(response.status).toBe(302);
    const attached = await services.db
      .select()
      .from(uploads)
      .where(inArray(uploads.id, [first.id, second.id]));
    expect(attached.every((row) => row.submissionId === submission.id)).toBe(true);
    expect(Math.min(...attached.map((row) => row.position))).toBeGreaterThan(
      Math.max(...files.map((row) => row.position)),
    );
    const next = await (await app.fetch(editPath(submission.id), { cookies: seller.jar })).text();
    expect(next).toContain("Fichiers ajoutés au contenu");
  });

  it("refuses an empty selection and a file already used, with the error beside the list", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id);
    const used = await makeSubmission(services, seller.viewer.id);
    await studioUpload(services, seller.viewer.id);

    const empty = await post(editPath(submission.id), [["intent", "addFiles"]], seller.jar);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Sélectionnez au moins un fichier.");

    const taken = await post(
      editPath(submission.id),
      [
        ["intent", "addFiles"],
        ["uploadIds", used.files[0]!.id],
      ],
      seller.jar,
    );
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("Erreur lors de l&#x27;ajout des fichiers");
    expect((await uploadRow(used.files[0]!.id))?.submissionId).toBe(used.submission.id);
  });

  it("deletes a submission: its rows, its files on disk, then says so", async () => {
    const seller = await account("creator");
    const { submission, files } = await makeSubmission(services, seller.viewer.id, {
      title: "À supprimer",
      files: 2,
      withThumbnails: true,
    });
    for (const file of files) expect(await filesInStorage(services, file.id)).toHaveLength(2);

    const response = await post(
      "/fr/seller-dashboard?tab=content",
      [
        ["intent", "delete"],
        ["submissionId", submission.id],
      ],
      seller.jar,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/fr/seller-dashboard?tab=content");
    expect(await submissionRow(submission.id)).toBeUndefined();
    for (const file of files) {
      expect(await uploadRow(file.id)).toBeUndefined();
      expect(await filesInStorage(services, file.id)).toEqual([]);
    }
    const next = await (
      await app.fetch("/fr/seller-dashboard?tab=content", { cookies: seller.jar })
    ).text();
    expect(next).toContain("supprimé définitivement");
    expect(next).toContain("À supprimer");
  });

  it("tells open pages when a submission leaves the catalogue", async () => {
    const seller = await account("creator");
    const { submission } = await makeSubmission(services, seller.viewer.id, { status: "approved" });
    const seen: unknown[] = [];
    const unsubscribe = services.events.subscribe((event) => seen.push(event));
    try {
      await post(
        "/fr/seller-dashboard?tab=content",
        [
          ["intent", "delete"],
          ["submissionId", submission.id],
        ],
        seller.jar,
      );
    } finally {
      unsubscribe();
    }
    expect(seen).toEqual([
      { type: "catalogue.changed", submissionId: submission.id, change: "deleted" },
    ]);
  });

  it("only hides a sold submission: its buyer keeps the files and the entitlement", async () => {
    const seller = await account("creator");
    const buyer = await account("client");
    const { submission, files } = await makeSubmission(services, seller.viewer.id, {
      status: "approved",
      withThumbnails: true,
    });
    await recordSale(services, buyer.viewer.id, submission);

    const response = await post(
      "/fr/seller-dashboard?tab=content",
      [
        ["intent", "delete"],
        ["submissionId", submission.id],
      ],
      seller.jar,
    );
    expect(response.status).toBe(302);
    expect((await submissionRow(submission.id))?.deletedAt).toBeInstanceOf(Date);
    expect(await uploadRow(files[0]!.id)).toBeDefined();
    expect(await filesInStorage(services, files[0]!.id)).toHaveLength(2);
    const kept = await services.db.query.entitlements.findMany({
      where: eq(entitlements.submissionId, submission.id),
    });
    expect(kept).toHaveLength(1);
    const list = await listSellerSubmissions(services.db, seller.viewer.id);
    expect(list.map((row) => row.submission.id)).not.toContain(submission.id);
  });
});

describe("figures", () => {
  it("gives the approval rate with one decimal, in the page's language", async () => {
    const seller = await account("creator");
    // Items still waiting for a decision do not lower the rate.
    for (const status of ["approved", "approved", "rejected", "draft", "pending"] as const)
      await makeSubmission(services, seller.viewer.id, { status });
    const stats = await sellerStats(services.db, seller.viewer.id);
    expect(stats).toMatchObject({ total: 5, approved: 2, rejected: 1, draft: 1, pending: 1 });
    expect(stats.approvalRate).toBe(66.7);

    const french = await (
      await app.fetch("/fr/seller-dashboard?tab=analytics", { cookies: seller.jar })
    ).text();
    expect(french).toMatch(/66,7[\u00a0\u202f]%/);
    expect(french).toContain("Approuvés : 2 sur 3 examinés.");
    expect(french).toContain("Aucune vente pour l&#x27;instant");
    const english = await (
      await app.fetch("/en/seller-dashboard?tab=analytics", { cookies: seller.jar })
    ).text();
    expect(english).toContain("66.7%");
    expect(english).toContain("No sales yet");
  });

  it("shows a creator's portfolio: shop, member-since year, published or all content", async () => {
    const seller = await account("creator");
    await makeSubmission(services, seller.viewer.id, { status: "approved", title: "Publiée" });
    await makeSubmission(services, seller.viewer.id, { status: "draft", title: "Brouillonne" });
    const published = await (await app.fetch("/fr/portfolio", { cookies: seller.jar })).text();
    expect(published).toContain("Shop creator");
    expect(published).toContain(`Membre depuis ${new Date().getUTCFullYear()}`);
    expect(published).toContain("Publiée");
    expect(published).not.toContain("Brouillonne");
    const all = await (await app.fetch("/en/portfolio?tab=all", { cookies: seller.jar })).text();
    expect(all).toContain("Publiée");
    expect(all).toContain("Brouillonne");
    expect(all).toContain("All my content");

    const client = await account("client");
    const refused = await app.fetch("/fr/portfolio", { cookies: client.jar });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Cette page est réservée aux vendeurs.");
  });
});
