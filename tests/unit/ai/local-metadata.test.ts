import { describe, expect, it } from "vitest";
import { colourName, formatDuration } from "~/modules/ai/file-facts.server";
import { localMetadata } from "~/modules/ai/local-metadata.server";
import type { MetadataInput } from "~/modules/ai/types";

const sunsetVideo: MetadataInput = {
  fileName: "coucher-de-soleil_plage_4K.mp4",
  kind: "video",
  mime: "video/mp4",
  metadata: {
    width: 3840,
    height: 2160,
    durationSeconds: 12.4,
    dominantColors: ["#f28c28", "#1e3a8a", "#fcd34d"],
  },
};

const mountainPhoto: MetadataInput = {
  fileName: "IMG_2043.JPG",
  kind: "image",
  mime: "image/jpeg",
  metadata: {
    width: 6000,
    height: 4000,
    embeddedKeywords: ["montagne", "neige"],
    dominantColors: ["#ffffff", "#87ceeb"],
  },
};

const podcast: MetadataInput = {
  fileName: "podcast intro.wav",
  kind: "audio",
  mime: "audio/wav",
  metadata: { durationSeconds: 65.2, sampleRate: 44_100, channels: 2 },
};

const ebook: MetadataInput = {
  fileName: "guide-photo.pdf",
  kind: "document",
  mime: "application/pdf",
  metadata: { pages: 42 },
};

const logo: MetadataInput = {
  fileName: "logo.svg",
  kind: "vector",
  mime: "image/svg+xml",
  metadata: { width: 512, height: 512, dominantColors: ["#e11d48"] },
};

describe("local metadata", () => {
  it("describes a 4K sunset video in both languages, translating the subject", () => {
    const { fr, en } = localMetadata(sunsetVideo);

    expect(fr.title).toBe("Coucher de soleil plage – vidéo 4K");
    expect(fr.description).toBe(
      "Coucher de soleil plage : vidéo 4K au format paysage (3840 × 2160 px) d'une durée de 12 s. " +
        "Couleurs dominantes : orange, bleu et jaune.",
    );
    expect(fr.tags).toEqual([
      "coucher de soleil",
      "plage",
      "vidéo",
      "4k",
      "paysage",
      "orange",
      "bleu",
      "jaune",
    ]);

    expect(en.title).toBe("Sunset beach – 4K video");
    expect(en.description).toBe(
      "Sunset beach: landscape 4K video (3840 × 2160 px), 12 s long. " +
        "Dominant colours: orange, blue and yellow.",
    );
    expect(en.tags).toEqual([
      "sunset",
      "beach",
      "video",
      "4k",
      "landscape",
      "orange",
      "blue",
      "yellow",
    ]);
  });

  it("ignores a camera file name and builds the listing from the embedded keywords", () => {
    const { fr, en } = localMetadata(mountainPhoto);

    expect(fr.title).toBe("Montagne et neige – photo");
    expect(en.title).toBe("Mountain and snow – photo");
    for (const proposal of [fr, en]) {
      expect(proposal.title).not.toMatch(/img|2043|jpg/i);
      expect(proposal.tags.join(" ")).not.toMatch(/img|2043|jpg/i);
    }
    expect(fr.tags.slice(0, 2)).toEqual(["montagne", "neige"]);
    expect(en.tags.slice(0, 2)).toEqual(["mountain", "snow"]);
    expect(fr.tags).toEqual(expect.arrayContaining(["photo", "paysage", "blanc", "bleu clair"]));
    expect(en.tags).toEqual(expect.arrayContaining(["photo", "landscape", "white", "light blue"]));
    expect(fr.description).toContain("photo au format paysage (6000 × 4000 px)");
    expect(en.description).toContain("landscape photo (6000 × 4000 px)");
  });

  it("gives an audio track its duration and sound", () => {
    const { fr, en } = localMetadata(podcast);

    expect(fr.title).toBe("Podcast intro – piste audio");
    expect(fr.description).toBe(
      "Podcast intro : piste audio (stéréo, 44,1 kHz) d'une durée de 1 min 05 s.",
    );
    expect(fr.tags).toEqual(["podcast", "intro", "audio", "son"]);

    expect(en.title).toBe("Podcast intro – audio track");
    expect(en.description).toBe("Podcast intro: audio track (stereo, 44.1 kHz), 1 min 05 s long.");
    expect(en.tags).toEqual(["podcast", "intro", "audio", "sound"]);
  });

  it("counts an ebook's pages", () => {
    const { fr, en } = localMetadata(ebook);

    expect(fr.title).toBe("Guide photo – ebook de 42 pages");
    expect(fr.description).toBe("Guide photo : ebook PDF de 42 pages.");
    expect(en.title).toBe("Guide photo – 42-page ebook");
    expect(en.description).toBe("Guide photo: 42-page PDF ebook.");
    expect(fr.tags).toEqual(["guide", "photo", "ebook", "pdf"]);
  });

  it("names a vector and its format", () => {
    const { fr, en } = localMetadata(logo);

    expect(fr.title).toBe("Logo – illustration vectorielle");
    expect(fr.description).toBe(
      "Logo : illustration vectorielle au format SVG. Couleur dominante : rouge.",
    );
    expect(fr.tags).toEqual(["logo", "vectoriel", "illustration", "svg", "rouge"]);
    expect(en.title).toBe("Logo – vector illustration");
    expect(en.description).toBe("Logo: vector illustration in SVG format. Dominant colour: red.");
    expect(en.tags).toEqual(["logo", "vector", "illustration", "svg", "red"]);
  });

  it("prefers the title embedded in the file", () => {
    const { fr, en } = localMetadata({
      fileName: "PXL_20230101_123456789.jpg",
      kind: "image",
      mime: "image/jpeg",
      metadata: {
        width: 4000,
        height: 3000,
        embeddedTitle: "  Tour Eiffel au  coucher du soleil ",
      },
    });
    expect(fr.title).toBe("Tour Eiffel au coucher du soleil – photo");
    expect(en.title).toBe("Tour Eiffel au coucher du soleil – photo");
    expect(fr.tags).toEqual(expect.arrayContaining(["tour", "eiffel", "coucher du soleil"]));
    expect(en.tags).toEqual(expect.arrayContaining(["sunset", "landscape"]));
  });

  it("splits camelCase, drops resolution tokens and keeps acronyms", () => {
    const { fr, en } = localMetadata({
      fileName: "uploads/sunsetOnTheBeach_NYC_1080p_v2.mov",
      kind: "video",
      mime: "video/quicktime",
      metadata: { width: 1080, height: 1920, durationSeconds: 3725 },
    });
    expect(en.title).toBe("Sunset on the beach NYC – Full HD video");
    expect(fr.title).toBe("Coucher de soleil sur plage NYC – vidéo Full HD");
    expect(en.description).toContain("portrait Full HD video (1080 × 1920 px), 1 h 02 min long");
    expect(fr.tags).toEqual(
      expect.arrayContaining(["coucher de soleil", "plage", "nyc", "portrait"]),
    );
    expect(fr.tags).not.toContain("the");
  });

  it("takes 4K from the name when the size is unknown, and fixes accents", () => {
    const { fr, en } = localMetadata({
      fileName: "foret-hiver-UHD.webm",
      kind: "video",
      mime: "video/webm",
      metadata: {},
    });
    expect(fr.title).toBe("Forêt hiver – vidéo 4K");
    expect(en.title).toBe("Forest winter – 4K video");
  });

  it("keeps plurals in the file's language", () => {
    const { fr, en } = localMetadata({
      fileName: "fleurs-printemps.jpg",
      kind: "image",
      mime: "image/jpeg",
      metadata: { width: 8000, height: 2000 },
    });
    expect(fr.title).toBe("Fleurs printemps – photo");
    expect(en.title).toBe("Flower spring – photo");
    expect(fr.description).toContain("photo panoramique");
    expect(en.tags).toEqual(expect.arrayContaining(["panoramic", "high resolution"]));
  });

  it("falls back on the kind and orientation when nothing else is known", () => {
    const { fr, en } = localMetadata({
      fileName: "DSC01234.jpg",
      kind: "image",
      mime: "image/jpeg",
      metadata: { width: 4000, height: 6000 },
    });
    expect(fr.title).toBe("Photo au format portrait");
    expect(en.title).toBe("Portrait photo");
    expect(fr.tags.length).toBeGreaterThanOrEqual(3);
    expect(en.tags.length).toBeGreaterThanOrEqual(3);
  });

  it("starts the description with the seller's own words", () => {
    const { fr, en } = localMetadata({
      fileName: "vue-sur-la-mer.png",
      kind: "image",
      mime: "image/png",
      metadata: { width: 1200, height: 1200 },
      sellerDescription: "  Une vue depuis ma fenêtre ",
    });
    expect(fr.title).toBe("Vue sur la mer – image");
    expect(en.title).toBe("View on the sea – image");
    expect(fr.description).toBe(
      "Une vue depuis ma fenêtre. Image au format carré (1200 × 1200 px).",
    );
    expect(en.description).toBe("Une vue depuis ma fenêtre. Square image (1200 × 1200 px).");
  });

  it("translates small words and trims them from the ends of a title", () => {
    const trip = localMetadata({
      fileName: "mon-voyage-sur-la-plage.mp3",
      kind: "audio",
      mime: "audio/mpeg",
      metadata: { channels: 1 },
    });
    expect(trip.fr.title).toBe("Mon voyage sur la plage – piste audio");
    expect(trip.en.title).toBe("My travel on the beach – audio track");
    expect(trip.fr.tags).toEqual(["voyage", "plage", "audio", "son"]);

    const ending = localMetadata({
      fileName: "the-end-of-the.gif",
      kind: "image",
      mime: "image/gif",
      metadata: {},
    });
    expect(ending.en.title).toBe("The end – image");
    expect(ending.fr.title).toBe("End – image");
  });

  it("calls a document that is not a PDF a document", () => {
    const { fr, en } = localMetadata({
      fileName: "notes.docx",
      kind: "document",
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      metadata: { pages: 1 },
    });
    expect(fr.title).toBe("Notes – document d'une page");
    expect(en.title).toBe("Notes – 1-page document");
    expect(fr.tags).toEqual(["notes", "document"]);
  });

  it("keeps within the listing limits", () => {
    const long = Array.from(
      { length: 40 },
      (_, i) => `mot${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    const { fr, en } = localMetadata({
      fileName: `${long.join("-")}.jpg`,
      kind: "image",
      mime: "image/jpeg",
      metadata: {
        embeddedKeywords: [...long.map((w) => `clé ${w}`), "x".repeat(60)],
        dominantColors: ["#000", "#fff", "#f00", "#0f0", "not a colour"],
      },
    });
    for (const proposal of [fr, en]) {
      expect(proposal.title.length).toBeLessThanOrEqual(120);
      expect(proposal.title.length).toBeGreaterThanOrEqual(3);
      expect(proposal.description.length).toBeLessThanOrEqual(2000);
      expect(proposal.tags.length).toBeLessThanOrEqual(15);
      expect(new Set(proposal.tags).size).toBe(proposal.tags.length);
      for (const tag of proposal.tags) {
        expect(tag).toBe(tag.toLowerCase());
        expect(tag.length).toBeLessThanOrEqual(40);
      }
    }
  });

  it("is deterministic", () => {
    expect(localMetadata(sunsetVideo)).toEqual(localMetadata(sunsetVideo));
  });
});

describe("helpers", () => {
  it.each([
    [0.2, "1 s"],
    [12.4, "12 s"],
    [59.6, "1 min"],
    [65, "1 min 05 s"],
    [600, "10 min"],
    [3725, "1 h 02 min"],
    [7200, "2 h"],
  ])("formats %s seconds as %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    ["#ffffff", "white"],
    ["#000", "black"],
    ["#808080", "grey"],
    ["#ff0000", "red"],
    ["#f28c28", "orange"],
    ["#fcd34d", "yellow"],
    ["#2e7d32", "green"],
    ["#008080", "turquoise"],
    ["#87ceeb", "lightBlue"],
    ["#000080", "blue"],
    ["#4a6fa5", "blue"],
    ["#800080", "purple"],
    ["#ff69b4", "pink"],
    ["#8b4513", "brown"],
    ["#f5deb3", "beige"],
    ["zzz", undefined],
  ])("names %s as %s", (hex, name) => {
    expect(colourName(hex)).toBe(name);
  });
});
