import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Services } from "~/modules/services";
import { licences, platformSettings } from "~/modules/db/schema";
import { quoteLine } from "~/modules/pricing/quote.server";
import { signedInAs } from "../support/accounts";
import { makeSubmission, viewerByEmail } from "../support/studio";
import { testApp } from "../support/test-app";

let services: Services;
let sellerId: string;

beforeAll(async () => {
  const app = await testApp();
  services = await app.services();
  const { email } = await signedInAs(app, "creator");
  sellerId = (await viewerByEmail(services, email, "creator")).id;
});

describe("quoteLine prices a line from the database", () => {
  it("adds the licence surcharge and splits the commission set by admins", async () => {
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: 1_200,
    });
    await services.db
      .update(platformSettings)
      .set({ commissionRateBps: 2_000 })
      .where(eq(platformSettings.id, 1));
    await services.db
      .update(licences)
      .set({ surchargeCents: 5_000 })
      .where(eq(licences.id, "extended"));

    const quote = await quoteLine(services.db, submission.id, "extended");

    expect(quote).toMatchObject({
      sellerId,
      itemPriceCents: 1_200,
      surchargeCents: 5_000,
      lineCents: 6_200,
      commissionBps: 2_000,
      commissionCents: 1_240,
      sellerShareCents: 4_960,
    });
  });

  it("prices a free item at the licence surcharge alone", async () => {
    const { submission } = await makeSubmission(services, sellerId, {
      status: "approved",
      priceCents: null,
    });
    const quote = await quoteLine(services.db, submission.id, "standard");
    expect(quote?.lineCents).toBe(quote?.surchargeCents);
  });

  it("refuses items that are not on sale and unknown licences", async () => {
    const pending = (await makeSubmission(services, sellerId, { status: "pending" })).submission;
    const approved = (await makeSubmission(services, sellerId, { status: "approved" })).submission;
    expect(await quoteLine(services.db, pending.id, "standard")).toBeNull();
    expect(await quoteLine(services.db, approved.id, "platinum")).toBeNull();
  });
});
