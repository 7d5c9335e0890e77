import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSubmissions, profiles, transactions, uploads } from "~/modules/db/schema";
import { demoPdf } from "~/modules/demo/demo-media.server";
import { formatMoney } from "~/modules/i18n/i18n";
import type { Services } from "~/modules/services";
import { signedInAs } from "../support/accounts";
import { pngBytes } from "../support/files";
import { deliver, paidSale, signedInPerson, type SignedInPerson } from "../support/payouts";
import {
  filesInStorage,
  makeSubmission,
  mediaProcessed,
  postFields,
  productFields,
  uploadFile,
} from "../support/studio";
import { testApp, type CookieJar, type TestApp } from "../support/test-app";

let app: TestApp;
let services: Services;

beforeAll(async () => {
  app = await testApp();
  services = await app.services();
});

const tus = { "Tus-Resumable": "1.0.0" };
const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/** Sends a whole file with tus and answers the last response, refused or not. */
async function sendUpload(jar: CookieJar, bytes: Buffer, fileName: string, purpose: string) {
  const created = await app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": metadata({ filename: fileName, purpose }),
    },
    cookies: jar,
  });
  if (created.status !== 201) return created;
  return app.fetch(created.headers.get("location")!, {
    method: "PATCH",
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
    cookies: jar,
  });
}

/** The text of a page, entities and narrow spaces made plain. */
async function pageText(response: Response): Promise<string> {
  return (await response.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[\u202f\u00a0]/g, " ");
}

function saveProfile(
  jar: CookieJar,
  fields: { bioFr?: string; bioEn?: string; avatar?: string; banner?: string; remove?: string },
  locale: "fr" | "en" = "fr",
) {
  return postFields(
    app,
    `/${locale}/portfolio`,
    [
      ["bio_fr", fields.bioFr ?? ""],
      ["bio_en", fields.bioEn ?? ""],
      ["avatarUploadId", fields.avatar ?? ""],
      ["bannerUploadId", fields.banner ?? ""],
      ...(fields.remove ? [["remove", fields.remove] as [string, string]] : []),
    ],
    jar,
  );
}

async function approve(submissionId: string) {
  await services.db
    .update(contentSubmissions)
    .set({ status: "approved", approvedAt: new Date() })
    .where(eq(contentSubmissions.id, submissionId));
}

describe("an ebook's page previews", () => {
  it("renders a PDF's first pages as public watermarked previews, never its original", async () => {
    const seller = (await signedInAs(app, "creator")).jar;
    const pdf = demoPdf("Couverture", ["Chapitre un", "Chapitre deux", "Chapitre trois"]);
    const bookId = await uploadFile(app, seller, pdf, "guide.pdf");
    const coverId = await uploadFile(app, seller, pngBytes(300, 450), "cover.png", {
      purpose: "cover",
    });
    await mediaProcessed(app);

    const book = await services.db.query.uploads.findFirst({ where: eq(uploads.id, bookId) });
    expect(book?.processingStatus).toBe("ready");
    expect(book?.metadata).toMatchObject({ pages: 4, previewPages: 4, watermarked: true });
    expect(
      Object.keys(book!.derivatives)
        .filter((name) => /^(preview|page-)/.test(name))
        .sort(),
    ).toEqual(["page-2", "page-3", "page-4", "preview"]);

    const published = await postFields(
      app,
      "/fr/product-management",
      productFields(bookId, "publish", {
        title: "Guide des pages",
        description: "Un livre.",
        kind: "ebook",
        price: "3.99",
        coverUploadId: coverId,
      }),
      seller,
    );
    expect(published.status).toBe(200);
    // Pending review: nobody else sees even the previews.
    expect((await app.fetch(`/media/${bookId}/page-2`)).status).toBe(404);
    await approve(await submissionOf(bookId));

    for (const variant of ["preview", "page-2", "page-3", "page-4"]) {
      const response = await app.fetch(`/media/${bookId}/${variant}`);
      expect(response.status, variant).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      const picture = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      // A4, drawn 960 px wide.
      expect(picture).toMatchObject({ format: "jpeg", width: 960 });
      expect(picture.height).toBeCloseTo((960 * 842) / 595, -1);
    }
    expect((await app.fetch(`/media/${bookId}/page-5`)).status).toBe(404);
    // The original has no public address: no media variant, and downloads need a right to it.
    const visitorPaths = [
      `/media/${bookId}/original`,
      `/uploads/${bookId}`,
      `/admin/originals/${bookId}`,
      `/downloads/${bookId}/file`,
    ];
    for (const path of visitorPaths) {
      expect([401, 403, 404], path).toContain(await finalStatus(path));
    }
    const buyer = (await signedInAs(app, "client")).jar;
    expect((await app.fetch(`/downloads/${bookId}`, { cookies: buyer })).status).toBe(404);

    const submissionId = await submissionOf(bookId);
    for (const locale of ["fr", "en"] as const) {
      const html = await pageText(await app.fetch(`/${locale}/product/${submissionId}`));
      expect(html).toContain('data-testid="ebook-pages"');
      expect(html).toContain(locale === "fr" ? "Page 1 sur 4" : "Page 1 of 4");
      expect(html).toContain(`/media/${bookId}/preview?v=${book!.derivatives.preview}`);
      // The cover stands for the book above its pages.
      expect(html).toContain(`/media/${coverId}/`);
      expect(html).not.toContain(`/uploads/${bookId}`);
    }
  });
});

/** The status at the end of the redirects a visitor would follow. */
async function finalStatus(path: string): Promise<number> {
  let response = await app.fetch(path);
  for (let hop = 0; hop < 3 && [301, 302].includes(response.status); hop++) {
    response = await app.fetch(response.headers.get("location")!);
  }
  return response.status;
}

async function submissionOf(uploadId: string): Promise<string> {
  const row = await services.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
  return row!.submissionId!;
}

describe("the shop profile", () => {
  it("refuses a file that is not a picture, and one too large, with a translated reason", async () => {
    const seller = (await signedInAs(app, "creator")).jar;
    const notImage = await sendUpload(seller, demoPdf("Pas une image", []), "avatar.png", "avatar");
    expect(notImage.status).toBe(415);
    expect(await notImage.json()).toMatchObject({
      code: "profileImageNotImage",
      message: "Choisissez une image JPEG, PNG, WebP ou GIF.",
      detected: "application/pdf",
    });
    const tooLarge = await app.fetch("/api/uploads", {
      method: "POST",
      headers: {
        ...tus,
        "Upload-Length": String(5 * 1024 * 1024 + 1),
        "Upload-Metadata": metadata({ filename: "banner.png", purpose: "banner" }),
      },
      cookies: seller,
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      code: "profileImageTooLarge",
      message: "L'image ne peut pas dépasser 5 Mo.",
    });
  });

  it("stores the avatar and banner re-encoded, and shows them with the bio on the public page", async () => {
    const seller = await signedInPerson(app, "creator");
    // A creator page exists once something is on sale.
    await makeSubmission(services, seller.id, { status: "approved" });
    const avatarId = await uploadFile(app, seller.jar, pngBytes(600, 400), "me.png", {
      purpose: "avatar",
    });
    const bannerId = await uploadFile(app, seller.jar, pngBytes(2000, 900), "wide.png", {
      purpose: "banner",
    });
    await mediaProcessed(app);
    // Not shown anywhere yet: private to its seller.
    expect((await app.fetch(`/media/${avatarId}/thumbnail`)).status).toBe(404);

    const saved = await saveProfile(seller.jar, {
      bioFr: "Photographe des côtes bretonnes.",
      bioEn: "",
      avatar: avatarId,
      banner: bannerId,
    });
    expect(saved.status).toBe(302);

    const avatar = await app.fetch(`/media/${avatarId}/thumbnail`);
    expect(avatar.status).toBe(200);
    expect(await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).toMatchObject({
      format: "jpeg",
      width: 320,
      height: 320,
    });
    const banner = await app.fetch(`/media/${bannerId}/preview`);
    expect(await sharp(Buffer.from(await banner.arrayBuffer())).metadata()).toMatchObject({
      format: "jpeg",
      width: 1600,
      height: 400,
    });

    const fr = await pageText(await app.fetch(`/fr/creator/${seller.id}`));
    expect(fr).toContain("Photographe des côtes bretonnes.");
    expect(fr).toMatch(new RegExp(`src="/media/${avatarId}/thumbnail\\?v=[0-9a-f]{16}"`));
    expect(fr).toMatch(new RegExp(`src="/media/${bannerId}/preview\\?v=[0-9a-f]{16}"`));
    // Left empty in English: the English page shows the French bio, marked as French.
    const en = await pageText(await app.fetch(`/en/creator/${seller.id}`));
    expect(en).toMatch(/lang="fr"[^>]*>Photographe des côtes bretonnes\./);

    await saveProfile(seller.jar, {
      bioFr: "Photographe.",
      bioEn: "Photographer of the Breton coast.",
    });
    const english = await pageText(await app.fetch(`/en/creator/${seller.id}`));
    expect(english).toContain("Photographer of the Breton coast.");
    expect(english).toContain(`/media/${avatarId}/thumbnail`);

    // A new avatar replaces the old one, whose files go.
    const nextId = await uploadFile(app, seller.jar, pngBytes(200, 200, [0, 90, 200]), "new.png", {
      purpose: "avatar",
    });
    await mediaProcessed(app);
    expect((await saveProfile(seller.jar, { bioFr: "Photographe.", avatar: nextId })).status).toBe(
      302,
    );
    expect(await services.db.query.uploads.findFirst({ where: eq(uploads.id, avatarId) })).toBe(
      undefined,
    );
    expect(await filesInStorage(services, avatarId)).toEqual([]);
    expect((await app.fetch(`/media/${nextId}/thumbnail`)).status).toBe(200);
    // The banner stayed.
    expect((await app.fetch(`/media/${bannerId}/preview`)).status).toBe(200);

    // Removed, it is no longer public.
    await saveProfile(seller.jar, { bioFr: "Photographe.", remove: "banner" });
    expect((await app.fetch(`/media/${bannerId}/preview`)).status).toBe(404);
  });

  it("lets a seller change only their own profile", async () => {
    const owner = await signedInPerson(app, "creator");
    const other = await signedInPerson(app, "creator");
    const ownersAvatar = await uploadFile(app, owner.jar, pngBytes(100, 100), "a.png", {
      purpose: "avatar",
    });
    const cover = await uploadFile(app, other.jar, pngBytes(100, 100), "c.png", {
      purpose: "cover",
    });
    await mediaProcessed(app);

    // Another seller's picture, or a picture of another purpose, is refused, in the page's language.
    for (const [locale, id, message] of [
      ["fr", ownersAvatar, "Cette image n'est pas disponible : choisissez-la à nouveau."],
      ["en", cover, "This picture is not available: choose it again."],
    ] as const) {
      const refused = await saveProfile(other.jar, { bioFr: "Volé", avatar: id }, locale);
      expect(refused.status).toBe(400);
      expect(await pageText(refused)).toContain(message);
    }
    const [row] = await services.db.select().from(profiles).where(eq(profiles.userId, other.id));
    expect(row).toMatchObject({ bioFr: "", avatarUploadId: null });

    // Buyers and visitors cannot post to the portfolio at all.
    const buyer = (await signedInAs(app, "client")).jar;
    expect((await saveProfile(buyer, { bioFr: "x" })).status).toBe(403);
    const visitor = await app.fetch("/fr/portfolio", {
      method: "POST",
      body: new URLSearchParams({ bio_fr: "x" }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost:3000",
      },
    });
    expect([401, 302]).toContain(visitor.status);
    const [owners] = await services.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(owners).toMatchObject({ bioFr: "", avatarUploadId: null });
  });
});

describe("the portfolio's figures", () => {
  async function item(seller: SignedInPerson, priceCents: number) {
    return (await makeSubmission(services, seller.id, { status: "approved", priceCents }))
      .submission;
  }

  it("counts the sales, net earnings and downloads the orders recorded", async () => {
    const seller = await signedInPerson(app, "creator");
    const buyer = await signedInPerson(app, "client");
    const otherBuyer = await signedInPerson(app, "client");
    const first = await item(seller, 1_000);
    const second = await item(seller, 2_500);
    await paidSale(services, buyer.id, first);
    await paidSale(services, otherBuyer.id, first);
    const refunded = await paidSale(services, buyer.id, second);
    await deliver(services, "charge.refunded", {
      sessionId: refunded.sessionId,
      paymentId: refunded.paymentId,
    });
    // Another seller's sale counts for them, not here.
    const stranger = await signedInPerson(app, "creator");
    await paidSale(services, buyer.id, await item(stranger, 4_000));

    const kept = await services.db
      .select()
      .from(transactions)
      .where(eq(transactions.sellerId, seller.id));
    const succeeded = kept.filter((row) => row.status === "succeeded");
    expect(succeeded).toHaveLength(2);
    const earned = succeeded.reduce((sum, row) => sum + row.sellerShareCents, 0);

    for (const locale of ["fr", "en"] as const) {
      const html = await pageText(await app.fetch(`/${locale}/portfolio`, { cookies: seller.jar }));
      const figure = (label: string) =>
        new RegExp(`<dt[^>]*>${label}.*?</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
      const labels =
        locale === "fr"
          ? { sales: "Ventes", earned: "Revenus nets", downloads: "Téléchargements" }
          : { sales: "Sales", earned: "Net earnings", downloads: "Downloads" };
      expect(figure(labels.sales)).toBe("2");
      expect(figure(labels.earned)).toBe(
        formatMoney(locale, earned).replace(/[\u202f\u00a0]/g, " "),
      );
      // Two downloads granted; the refunded one was withdrawn.
      expect(figure(labels.downloads)).toBe("2");
      expect(html).toContain(`href="/${locale}/creator/${seller.id}"`);
    }
  });
});
