import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoClientEmail, demoCreatorEmail } from "~/modules/demo/demo-accounts";
import {
  contentSubmissions,
  entitlements,
  mailOutbox,
  orders,
  uploads,
  user,
} from "~/modules/db/schema";
import { mediaProcessed } from "../support/studio";
import { testApp, type TestApp } from "../support/test-app";
import { drainJobs } from "../support/jobs";

// This file's app is a fresh demo install with its generated content (setup-env turns it off).
process.env.DEMO_CONTENT = "true";

let app: TestApp;

beforeAll(async () => {
  app = await testApp();
  await mediaProcessed(app);
});

describe("demo content", () => {
  it("gives the demo creator every kind, processed by the media pipeline", async () => {
    const { db } = await app.services();
    const creator = await db.query.user.findFirst({ where: eq(user.email, demoCreatorEmail) });
    const rows = await db
      .select({ kind: contentSubmissions.kind, upload: uploads })
      .from(contentSubmissions)
      .innerJoin(uploads, eq(uploads.submissionId, contentSubmissions.id))
      .where(eq(contentSubmissions.creatorId, creator!.id));

    const kinds = new Set(rows.map((row) => row.kind));
    expect([...kinds].sort()).toEqual(
      ["audio", "ebook", "illustration", "photo", "vector", "video"].sort(),
    );
    for (const { upload } of rows) {
      expect(upload.processingStatus, upload.fileName).toBe("ready");
      expect(upload.derivatives.thumbnail, upload.fileName).toBeTruthy();
    }
    const original = (kind: string) =>
      rows.find((row) => row.kind === kind && row.upload.purpose === "original")!.upload;
    expect(original("video").derivatives).toMatchObject({
      poster: expect.any(String),
      clip: expect.any(String),
    });
    expect(original("video").metadata.durationSeconds).toBeGreaterThan(0);
    expect(original("audio").derivatives.audio).toBeTruthy();
    expect(original("audio").metadata.waveform?.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.kind === "ebook" && row.upload.purpose === "cover")).toBe(true);
  });

  it("gives the demo client a paid demo purchase, with its entitlement and receipt", async () => {
    const { db } = await app.services();
    const client = await db.query.user.findFirst({ where: eq(user.email, demoClientEmail) });
    const bought = await db.select().from(orders).where(eq(orders.buyerId, client!.id));
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ status: "paid", provider: "test" });
    const rights = await db.select().from(entitlements).where(eq(entitlements.buyerId, client!.id));
    expect(rights).toHaveLength(1);
    await drainJobs(await app.services());
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, demoClientEmail));
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });
});
