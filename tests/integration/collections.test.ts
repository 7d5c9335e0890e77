import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { collections, contentSubmissions } from "~/modules/db/schema";
import type { Services } from "~/modules/services";
import { signedInAs } from "../support/accounts";
import { flashKey } from "../support/checkout";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { postForm, testApp, type CookieJar, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;
let sellerId: string;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
  const seller = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, seller.email, "creator")).id;
});

async function item(title: string) {
  return (await makeSubmission(services, sellerId, { status: "approved", title })).submission;
}

async function text(path: string, jar?: CookieJar): Promise<{ status: number; body: string }> {
  const response = await app.fetch(path, jar ? { cookies: jar } : {});
  return { status: response.status, body: await response.text() };
}

/** Creates a collection through its form; returns its id (the page it opens). */
async function create(jar: CookieJar, name: string): Promise<string> {
  const response = await postForm(
    app,
    "/fr/collections",
    { intent: "create", name, open: "1" },
    { cookies: jar },
  );
  expect(response.status).toBe(302);
  expect(flashKey(response)).toBe("collections.flash.created");
  const match = /^\/fr\/collections\/([0-9a-f-]{36})$/.exec(response.headers.get("location")!);
  expect(match).not.toBeNull();
  return match![1]!;
}

function add(jar: CookieJar, collectionId: string, submissionId: string) {
  return postForm(
    app,
    "/fr/collections",
    { intent: "add", collectionId, submissionId },
    { cookies: jar },
  );
}

async function shareToken(collectionId: string): Promise<string | null> {
  const [row] = await services.db
    .select({ token: collections.shareToken })
    .from(collections)
    .where(eq(collections.id, collectionId));
  return row?.token ?? null;
}

describe("collections", () => {
  it("creates, fills, renames and deletes a collection, in both languages", async () => {
    const { jar } = await signedInAs(app, "client");
    const id = await create(jar, "Ambiances d'hiver");
    const items = [await item("Neige bleue"), await item("Givre doré"), await item("Lac gelé")];
    for (const row of items) expect((await add(jar, id, row.id)).status).toBe(200);
    // Twice is once.
    expect((await add(jar, id, items[0]!.id)).status).toBe(200);
    const fr = await text(`/fr/collections/${id}`, jar);
    expect(fr.status).toBe(200);
    for (const title of ["Ambiances d&#x27;hiver", "Neige bleue", "Givre doré", "Lac gelé"]) {
      expect(fr.body).toContain(title);
    }
    expect(fr.body).toContain("3 contenus");
    const en = await text(`/en/collections/${id}`, jar);
    expect(en.body).toContain("3 items");
    expect(en.body).toContain("Create a share link");
    const list = await text("/fr/collections", jar);
    expect(list.body).toContain("Ambiances d&#x27;hiver");
    // The save dialog's list says which collections hold the item.
    const dialog = await app.fetch(`/fr/collections.data?for=${items[0]!.id}`, { cookies: jar });
    expect(dialog.status).toBe(200);

    const renamed = await postForm(
      app,
      `/fr/collections/${id}`,
      { intent: "rename", name: "  Hiver  " },
      { cookies: jar },
    );
    expect(renamed.status).toBe(302);
    expect((await text(`/fr/collections/${id}`, jar)).body).toContain(">Hiver</h1>");
    const blank = await postForm(
      app,
      `/fr/collections/${id}`,
      { intent: "rename", name: "   " },
      { cookies: jar },
    );
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Donnez un nom à la collection.");

    const removed = await postForm(
      app,
      `/fr/collections/${id}`,
      { intent: "remove", submissionId: items[1]!.id },
      { cookies: jar },
    );
    expect(removed.status).toBe(302);
    expect((await text(`/fr/collections/${id}`, jar)).body).not.toContain("Givre doré");

    const deleted = await postForm(
      app,
      `/fr/collections/${id}`,
      { intent: "delete" },
      { cookies: jar },
    );
    expect(deleted.headers.get("location")).toBe("/fr/collections");
    expect((await text(`/fr/collections/${id}`, jar)).status).toBe(404);
  });

  it("another buyer cannot read, rename, fill, share or delete my collection: 404", async () => {
    const owner = await signedInAs(app, "client");
    const stranger = await signedInAs(app, "client");
    const admin = await signedInAs(app, "admin");
    const id = await create(owner.jar, "Ma sélection privée");
    const row = await item("Secret de famille");
    expect((await add(owner.jar, id, row.id)).status).toBe(200);
    for (const jar of [stranger.jar, admin.jar]) {
      expect((await text(`/fr/collections/${id}`, jar)).status).toBe(404);
      for (const intent of ["rename", "share", "revoke", "delete", "remove"]) {
        const response = await postForm(
          app,
          `/fr/collections/${id}`,
          { intent, name: "Volée", submissionId: row.id },
          { cookies: jar },
        );
        expect(response.status, intent).toBe(404);
      }
      expect((await add(jar, id, (await item("Intrus")).id)).status).toBe(404);
      const list = await text("/fr/collections", jar);
      expect(list.body).not.toContain("Ma sélection privée");
    }
    const visitor = await postForm(app, "/fr/collections", { intent: "add", collectionId: id });
    expect(visitor.status).toBe(401);
    const [kept] = await services.db.select().from(collections).where(eq(collections.id, id));
    expect(kept).toMatchObject({ name: "Ma sélection privée", shareToken: null });
    expect((await text(`/fr/collections/${id}`, owner.jar)).body).toContain("Secret de famille");
    expect((await text(`/fr/collections/${id}`, owner.jar)).body).not.toContain("Intrus");
  });

  it("a share link opens signed out, shows only items on sale, and stops once revoked", async () => {
    const { jar } = await signedInAs(app, "client");
    const id = await create(jar, "Pour l'agence");
    const kept = await item("Phare au couchant");
    const withdrawn = await item("Dune retirée");
    for (const row of [kept, withdrawn]) await add(jar, id, row.id);
    expect(await shareToken(id)).toBeNull();
    const shared = await postForm(
      app,
      `/fr/collections/${id}`,
      { intent: "share" },
      { cookies: jar },
    );
    expect(flashKey(shared)).toBe("collections.flash.shared");
    const token = (await shareToken(id))!;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await text(`/fr/collections/${id}`, jar)).body).toContain(`/fr/shared/${token}`);

    await services.db
      .update(contentSubmissions)
      .set({ deletedAt: new Date() })
      .where(eq(contentSubmissions.id, withdrawn.id));
    for (const lang of ["fr", "en"]) {
      const page = await text(`/${lang}/shared/${token}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain("Pour l&#x27;agence");
      expect(page.body).toContain("Phare au couchant");
      expect(page.body).not.toContain("Dune retirée");
      // Read-only: no control to change the collection.
      expect(page.body).not.toContain('name="intent"');
    }
    const own = await text(`/fr/collections/${id}`, jar);
    expect(own.body).not.toContain("Dune retirée");
    expect(own.body).toContain("1 contenu n&#x27;est plus en vente et n&#x27;est pas affiché.");
    // A withdrawn item cannot be added again.
    const other = await create(jar, "Autre");
    expect((await add(jar, other, withdrawn.id)).status).toBe(404);

    const revoked = await postForm(
      app,
      `/fr/collections/${id}`,
      { intent: "revoke" },
      { cookies: jar },
    );
    expect(flashKey(revoked)).toBe("collections.flash.revoked");
    const gone = await text(`/fr/shared/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toContain("Collection introuvable");
    expect((await text("/en/shared/not-a-real-token-but-long-enough")).status).toBe(404);
    // Sharing again makes a new link; the old one stays closed.
    await postForm(app, `/fr/collections/${id}`, { intent: "share" }, { cookies: jar });
    const again = (await shareToken(id))!;
    expect(again).not.toBe(token);
    expect((await text(`/fr/shared/${again}`)).status).toBe(200);
    expect((await text(`/fr/shared/${token}`)).status).toBe(404);
  });

  it("favourites are the liked items still on sale", async () => {
    const { jar } = await signedInAs(app, "client");
    const liked = await item("Orage aimé");
    await item("Brume ignorée");
    const withdrawn = await item("Pluie retirée");
    for (const row of [liked, withdrawn]) {
      await postForm(app, `/fr/product/${row.id}`, { intent: "like" }, { cookies: jar });
    }
    await services.db
      .update(contentSubmissions)
      .set({ status: "rejected" })
      .where(eq(contentSubmissions.id, withdrawn.id));
    const page = await text("/fr/favourites", jar);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Orage aimé");
    expect(page.body).not.toContain("Brume ignorée");
    expect(page.body).not.toContain("Pluie retirée");
    expect((await text("/en/favourites", jar)).body).toContain("My favourites");
    await postForm(app, `/fr/product/${liked.id}`, { intent: "unlike" }, { cookies: jar });
    expect((await text("/fr/favourites", jar)).body).not.toContain("Orage aimé");
  });
});
