import { describe, expect, it } from "vitest";
import { describeContents } from "~/modules/credits/contents";
import { getT } from "~/modules/i18n/i18n";

const counts = (n: number) => ({ photos: n, videos: n, vectors: n, audios: n, aiImages: n });

describe("pack contents use each language's plural forms", () => {
  it("French: 0 and 1 are singular, 2 is plural", () => {
    const t = getT("fr");
    expect(describeContents(t, counts(0))).toBe(
      "0 photo · 0 vidéo · 0 vecteur · 0 audio · 0 image IA",
    );
    expect(describeContents(t, counts(1))).toBe(
      "1 photo · 1 vidéo · 1 vecteur · 1 audio · 1 image IA",
    );
    expect(describeContents(t, counts(2))).toBe(
      "2 photos · 2 vidéos · 2 vecteurs · 2 audios · 2 images IA",
    );
    expect(t("credits.credits", { count: 1 })).toBe("1 crédit");
    expect(t("credits.credits", { count: 0 })).toBe("0 crédit");
    expect(t("credits.dashboard.balanceValue", { count: 8 })).toBe("8 crédits");
  });

  it("English: 1 is singular, 0 and 2 are plural", () => {
    const t = getT("en");
    expect(describeContents(t, counts(0))).toBe(
      "0 photos · 0 videos · 0 vectors · 0 audio tracks · 0 AI images",
    );
    expect(describeContents(t, counts(1))).toBe(
      "1 photo · 1 video · 1 vector · 1 audio track · 1 AI image",
    );
    expect(describeContents(t, counts(2))).toBe(
      "2 photos · 2 videos · 2 vectors · 2 audio tracks · 2 AI images",
    );
    expect(t("credits.credits", { count: 1 })).toBe("1 credit");
    expect(t("credits.download.withCredits", { count: 2 })).toBe("Download with 2 credits");
  });
});
