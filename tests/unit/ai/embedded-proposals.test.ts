import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { localMetadata } from "~/modules/ai/local-metadata.server";
import { proposedCategory, proposedContentKind } from "~/modules/ai/proposed-category";
import { defaultCategories } from "~/modules/demo/categories";
import { mediaKindOf } from "~/modules/media/media-kind";
import { processMedia } from "~/modules/media/process-media.server";
import { ffmpegFixture, run, tempDir } from "../media/fixtures";

/**
 * Proposals made from real files the test writes: the author's own metadata (XMP, PDF Info,
 * ID3) comes first, in both languages, with a kind and a category of the project.
 */
const categories = defaultCategories.map((category) => ({ ...category, id: category.slug }));
let dir: string;

beforeAll(async () => {
  dir = await tempDir();
});

async function propose(file: string, mime: string) {
  const fileName = path.basename(file);
  const { metadata } = await processMedia({ path: file, mime, fileName, workDir: await tempDir() });
  const media = mediaKindOf(mime, fileName);
  const proposal = localMetadata({ fileName, kind: media, mime, metadata });
  const kind = proposedContentKind(media, [...proposal.fr.tags, ...proposal.en.tags]);
  return {
    metadata,
    ...proposal,
    kind,
    category: proposedCategory(categories, kind, [...proposal.fr.tags, ...proposal.en.tags]),
  };
}

const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Marché de Noël à Strasbourg</rdf:li></rdf:Alt></dc:title>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Chalets illuminés au crépuscule</rdf:li></rdf:Alt></dc:description>
   <dc:subject><rdf:Bag>
    <rdf:li>marché de noël</rdf:li><rdf:li>Strasbourg</rdf:li><rdf:li>24mp</rdf:li>
    <rdf:li>ab</rdf:li><rdf:li>Marchés de Noël</rdf:li><rdf:li>2024</rdf:li>
   </rdf:Bag></dc:subject>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;

describe("proposals from the file's own metadata", () => {
  it("takes a JPEG's XMP title, caption and keywords, without junk or near-duplicate tags", async () => {
    const file = path.join(dir, "IMG_2043.jpg");
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#204080" } })
      .jpeg()
      .withXmp(xmp)
      .toFile(file);
    const proposal = await propose(file, "image/jpeg");
    expect(proposal.fr.title).toBe("Marché de Noël à Strasbourg – photo");
    expect(proposal.en.title).toBe("Marché de Noël à Strasbourg – photo");
    expect(proposal.fr.description).toMatch(/^Chalets illuminés au crépuscule\. Photo/);
    expect(proposal.fr.tags.slice(0, 2)).toEqual(["marché de noël", "strasbourg"]);
    expect(proposal.en.tags.slice(0, 2)).toEqual(["christmas market", "strasbourg"]);
    for (const tags of [proposal.fr.tags, proposal.en.tags]) {
      expect(tags).not.toContain("24mp");
      expect(tags).not.toContain("ab");
      expect(tags).not.toContain("2024");
      expect(tags).not.toContain("marchés de noël");
    }
    expect(proposal.kind).toBe("photo");
    expect(proposal.category).toBe("photo");
  });

  it("takes a PDF's Info title and author", async () => {
    const file = path.join(dir, "scan_0001.pdf");
    // PDFDocEncoding bytes (\351 is é, \353 is ë), as most tools write Info strings.
    await run("gs", [
      ...["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pdfwrite", `-sOutputFile=${file}`],
      "-c",
      "[ /Title (Guide du march\\351 de No\\353l) /Author (Jeanne Dupont) /DOCINFO pdfmark showpage",
    ]);
    const proposal = await propose(file, "application/pdf");
    expect(proposal.metadata).toMatchObject({
      embeddedTitle: "Guide du marché de Noël",
      embeddedAuthor: "Jeanne Dupont",
    });
    expect(proposal.fr.title).toBe("Guide du marché de Noël – ebook d'une page");
    expect(proposal.en.title).toBe("Guide du marché de Noël – 1-page ebook");
    expect(proposal.fr.description).toContain("Auteur : Jeanne Dupont.");
    expect(proposal.en.description).toContain("By Jeanne Dupont.");
    expect(proposal.fr.tags).toEqual(expect.arrayContaining(["guide", "ebook", "pdf"]));
    expect(proposal.kind).toBe("ebook");
    expect(proposal.category).toBe("ebook");
  });

  it("takes an MP3's ID3 title, artist and genre", async () => {
    const file = path.join(dir, "track01.mp3");
    await ffmpegFixture(
      file,
      ["sine=frequency=440:duration=2"],
      [
        ...["-c:a", "libmp3lame", "-id3v2_version", "3"],
        ...["-metadata", "title=Valse d'hiver"],
        ...["-metadata", "artist=Quatuor Lumière"],
        ...["-metadata", "genre=Jazz"],
      ],
    );
    const proposal = await propose(file, "audio/mpeg");
    expect(proposal.fr.title).toBe("Valse d'hiver – piste audio");
    expect(proposal.en.title).toBe("Valse d'hiver – audio track");
    expect(proposal.fr.description).toContain("Auteur : Quatuor Lumière.");
    expect(proposal.en.description).toContain("By Quatuor Lumière.");
    expect(proposal.fr.tags[0]).toBe("jazz");
    expect(proposal.en.tags[0]).toBe("jazz");
    expect(proposal.kind).toBe("audio");
    expect(proposal.category).toBe("audio");
  });
});

describe("titles and tags from file names", () => {
  const fromName = (fileName: string) =>
    localMetadata({
      fileName,
      kind: "image",
      mime: "image/jpeg",
      metadata: { width: 1920, height: 1080 },
    });

  it("keeps accents and the seller's proper nouns, restores accents the glossary knows", () => {
    expect(fromName("Marché de Noël.jpg").fr.title).toBe("Marché de Noël – photo");
    expect(fromName("Marche\u0301 de Noe\u0308l.jpg").fr.title).toBe("Marché de Noël – photo");
    expect(fromName("Marche_de_Noel_24mp.jpg").fr.title).toBe("Marché de Noël – photo");
    expect(fromName("Marché de Noël.jpg").en.title).toBe("Christmas market – photo");
    // Every word capitalised says nothing about proper nouns.
    expect(fromName("Big_Buck_Bunny.jpg").fr.title).toBe("Big buck bunny – photo");
  });

  it("drops megapixel fragments, short words, numbers and near-duplicates", () => {
    const { fr, en } = fromName("chats_chat_Chat_ab_12_24MP.jpg");
    expect(fr.tags).toEqual(["chats", "photo", "paysage"]);
    expect(en.tags).toEqual(["chats", "photo", "landscape"]);
  });

  it("proposes an illustration for a drawn image, and a category by name when one matches", () => {
    expect(proposedContentKind("image", ["aquarelle", "fleur"])).toBe("illustration");
    expect(proposedContentKind("image", ["fleur"])).toBe("photo");
    const withMore = [
      ...categories,
      {
        id: "portraits",
        slug: "portraits",
        kind: "photo" as const,
        nameFr: "Portraits",
        nameEn: "Portraits",
        position: 7,
      },
    ];
    expect(proposedCategory(withMore, "photo", ["portrait", "femme"])).toBe("portraits");
    expect(proposedCategory(withMore, "photo", ["plage"])).toBe("photo");
  });
});
