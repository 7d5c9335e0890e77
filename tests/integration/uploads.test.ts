import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "~/modules/db/schema";
import { signedInAs } from "../support/accounts";
import { pdfBytes, pngBytes } from "../support/files";
import { testApp, type CookieJar, type TestApp } from "../support/test-app";

const tus = { "Tus-Resumable": "1.0.0" };

let app: TestApp;
let creator: CookieJar;

beforeAll(async () => {
  app = await testApp();
  creator = (await signedInAs(app, "creator")).jar;
});

function metadata(fileName: string, purpose?: string): string {
  const pairs = [`filename ${Buffer.from(fileName).toString("base64")}`];
  if (purpose) pairs.push(`purpose ${Buffer.from(purpose).toString("base64")}`);
  return pairs.join(",");
}

async function create(
  jar: CookieJar | undefined,
  length: number,
  fileName = "photo.png",
  purpose?: string,
) {
  return app.fetch("/api/uploads", {
    method: "POST",
    headers: {
      ...tus,
      "Upload-Length": String(length),
      "Upload-Metadata": metadata(fileName, purpose),
    },
    cookies: jar,
  });
}

function patch(
  jar: CookieJar,
  location: string,
  offset: number,
  bytes: Buffer,
  extraHeaders: Record<string, string> = {},
) {
  return app.fetch(location, {
    method: "PATCH",
    headers: {
      ...tus,
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      ...extraHeaders,
    },
    body: new Uint8Array(bytes),
    cookies: jar,
  });
}

function checksum(algorithm: string, bytes: Buffer): Record<string, string> {
  return {
    "Upload-Checksum": `${algorithm} ${createHash(algorithm).update(bytes).digest("base64")}`,
  };
}

async function rowOf(location: string) {
  const { db } = await app.services();
  const id = location.split("/").pop()!;
  return db.query.uploads.findFirst({ where: eq(uploads.id, id) });
}

async function errorBody(response: Response): Promise<{ code: string; message: string }> {
  return JSON.parse(await response.text()) as { code: string; message: string };
}

describe("resumable uploads (tus)", () => {
  it("refuses visitors with the fixed message, and buyers", async () => {
    const visitor = await create(undefined, 10);
    expect(visitor.status).toBe(401);
    expect((await errorBody(visitor)).message).toBe("Utilisateur non authentifié");
    const client = (await signedInAs(app, "client")).jar;
    expect((await create(client, 10)).status).toBe(403);
  });

  it("resumes an interrupted upload and stores exactly the source's bytes", async () => {
    // A real PNG, followed by bytes decoders ignore, to make the file worth resuming.
    const source = Buffer.concat([pngBytes(64, 48), randomBytes(300_000)]);
    const created = await create(creator, source.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    const half = Math.floor(source.length / 2);
    expect((await patch(creator, location, 0, source.subarray(0, half))).status).toBe(204);

    // The connection "drops"; the client asks where to resume.
    const probe = await app.fetch(location, { method: "HEAD", headers: tus, cookies: creator });
    expect(probe.headers.get("upload-offset")).toBe(String(half));

    // A chunk sent at the wrong offset is refused (409), and changes nothing.
    expect((await patch(creator, location, half + 10, source.subarray(half + 10))).status).toBe(
      409,
    );

    const done = await patch(creator, location, half, source.subarray(half));
    expect(done.status).toBe(204);

    const row = await rowOf(location);
    expect(row?.status).toBe("complete");
    expect(row?.detectedMime).toBe("image/png");
    const sourceHash = createHash("sha256").update(source).digest("hex");
    expect(row?.sha256).toBe(sourceHash);
    const { env } = await app.services();
    const stored = fs.readFileSync(path.join(env.dataDir, "uploads", row!.id));
    expect(createHash("sha256").update(stored).digest("hex")).toBe(sourceHash);
  });

  it("refuses an HTML file named .jpg, naming what it is, and keeps nothing", async () => {
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const created = await create(creator, html.length, "holiday.jpg");
    const location = created.headers.get("location")!;
    const finished = await patch(creator, location, 0, html);
    expect(finished.status).toBe(415);
    expect((await errorBody(finished)).message).toBe(
      "Type de fichier non pris en charge (détecté : text/html)",
    );
    const row = await rowOf(location);
    expect(row?.status).toBe("rejected");
    const { env } = await app.services();
    expect(fs.existsSync(path.join(env.dataDir, "uploads", row!.id))).toBe(false);
  });

  it("refuses a file over 1000 MB before any byte is sent", async () => {
    const response = await create(creator, 1000 * 1024 * 1024 + 1, "huge.mp4");
    expect(response.status).toBe(413);
    expect((await errorBody(response)).message).toBe("Le fichier dépasse la limite de 1000 Mo");
    const far = await create(creator, 5 * 1024 * 1024 * 1024, "huge.mp4");
    expect(far.status).toBe(413);
    expect((await errorBody(far)).message).toBe("Le fichier dépasse la limite de 1000 Mo");
  });

  it("keeps only the base name of a file named with a path", async () => {
    const created = await create(creator, 20, "../../etc/passwd");
    expect(created.status).toBe(201);
    const row = await rowOf(created.headers.get("location")!);
    expect(row?.fileName).toBe("passwd");
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 404 to anyone but the uploader", async () => {
    const created = await create(creator, 16);
    const location = created.headers.get("location")!;
    const other = (await signedInAs(app, "creator")).jar;
    const admin = (await signedInAs(app, "admin")).jar;
    for (const jar of [other, admin]) {
      expect(
        (await app.fetch(location, { method: "HEAD", headers: tus, cookies: jar })).status,
      ).toBe(404);
      expect((await patch(jar, location, 0, pngBytes(2, 2))).status).toBe(404);
      expect(
        (await app.fetch(location, { method: "DELETE", headers: tus, cookies: jar })).status,
      ).toBe(404);
    }
    expect(
      (await app.fetch(location, { method: "HEAD", headers: tus, cookies: creator })).status,
    ).toBe(200);
  });

  it("answers 415 to a chunk not sent as application/offset+octet-stream, and keeps nothing", async () => {
    const bytes = pngBytes(2, 2).subarray(0, 16);
    const location = (await create(creator, bytes.length)).headers.get("location")!;
    for (const type of ["application/octet-stream", "text/plain", "multipart/form-data"]) {
      const refused = await patch(creator, location, 0, bytes, { "Content-Type": type });
      expect(refused.status, type).toBe(415);
    }
    const untyped = await app.fetch(location, {
      method: "PATCH",
      headers: { ...tus, "Upload-Offset": "0" },
      body: new Uint8Array(bytes),
      cookies: creator,
    });
    expect(untyped.status).toBe(415);
    const probe = await app.fetch(location, { method: "HEAD", headers: tus, cookies: creator });
    expect(probe.headers.get("upload-offset")).toBe("0");
    expect((await patch(creator, location, 0, bytes)).status).toBe(204);
  });

  it("lets the uploader cancel an upload, which then no longer exists", async () => {
    const created = await create(creator, 16);
    const location = created.headers.get("location")!;
    const cancelled = await app.fetch(location, {
      method: "DELETE",
      headers: tus,
      cookies: creator,
    });
    expect(cancelled.status).toBe(204);
    expect(await rowOf(location)).toBeUndefined();
    const probe = await app.fetch(location, { method: "HEAD", headers: tus, cookies: creator });
    expect(probe.status).toBe(404);
  });

  it("refuses a 101st file", async () => {
    const seller = await signedInAs(app, "creator");
    const { db } = await app.services();
    const [owner] = await db.query.user.findMany({
      where: (users, { eq: equals }) => equals(users.email, seller.email),
    });
    await db.insert(uploads).values(
      Array.from({ length: 100 }, (_, index) => ({
        id: `existing-${owner!.id}-${index}`,
        ownerId: owner!.id,
        fileName: `file-${index}.png`,
        size: 10,
        status: "complete" as const,
      })),
    );
    const response = await create(seller.jar, 10);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).message).toBe("100 fichiers au maximum");
  });

  it("honours the checksum extension: a corrupted chunk is refused and not appended", async () => {
    const options = await app.fetch("/api/uploads", { method: "OPTIONS", headers: tus });
    expect(options.headers.get("tus-extension")).toContain("checksum");
    expect(options.headers.get("tus-checksum-algorithm")).toContain("sha1");

    const source = pngBytes(40, 30);
    const location = (await create(creator, source.length)).headers.get("location")!;
    const half = Math.floor(source.length / 2);
    const first = source.subarray(0, half);
    const corrupted = Buffer.from(first);
    corrupted[10] = corrupted[10]! ^ 0xff;
    const mismatch = await patch(creator, location, 0, corrupted, checksum("sha1", first));
    expect(mismatch.status).toBe(460);
    const probe = await app.fetch(location, { method: "HEAD", headers: tus, cookies: creator });
    expect(probe.headers.get("upload-offset")).toBe("0");

    const unknown = await patch(creator, location, 0, first, { "Upload-Checksum": "crc32 AAAA" });
    expect(unknown.status).toBe(400);

    expect((await patch(creator, location, 0, first, checksum("sha1", first))).status).toBe(204);
    const rest = source.subarray(half);
    expect((await patch(creator, location, half, rest, checksum("sha256", rest))).status).toBe(204);
    expect((await rowOf(location))?.status).toBe("complete");
  });

  it("refuses a checksummed chunk from anyone but the uploader before reading it", async () => {
    const location = (await create(creator, 16)).headers.get("location")!;
    const other = (await signedInAs(app, "creator")).jar;
    const bytes = pngBytes(2, 2).subarray(0, 16);
    expect((await patch(other, location, 0, bytes, checksum("sha1", bytes))).status).toBe(404);
  });

  describe("ebook covers", () => {
    it("refuses a cover over 2 MB before any byte is sent, with the fixed message", async () => {
      const response = await create(creator, 2 * 1024 * 1024 + 1, "cover.jpg", "cover");
      expect(response.status).toBe(413);
      expect((await errorBody(response)).message).toBe(
        "L'image de couverture ne peut pas dépasser 2MB",
      );
    });

    it("refuses a cover that is not an image, judged on its bytes", async () => {
      const pdf = pdfBytes("Pas une image");
      const location = (await create(creator, pdf.length, "cover.png", "cover")).headers.get(
        "location",
      )!;
      const finished = await patch(creator, location, 0, pdf);
      expect(finished.status).toBe(415);
      expect((await errorBody(finished)).message).toBe(
        "Veuillez sélectionner une image pour la couverture",
      );
      expect((await rowOf(location))?.status).toBe("rejected");
    });

    it("keeps a cover as a cover, outside the 100 files of the studio", async () => {
      const cover = pngBytes(30, 45);
      const location = (await create(creator, cover.length, "cover.png", "cover")).headers.get(
        "location",
      )!;
      expect((await patch(creator, location, 0, cover)).status).toBe(204);
      expect(await rowOf(location)).toMatchObject({ status: "complete", purpose: "cover" });
    });
  });
});
