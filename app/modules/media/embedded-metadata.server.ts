import exifr from "exifr";

const maxTitleChars = 200;
const maxKeywords = 50;
const maxKeywordChars = 64;
/** What cameras write in ImageDescription when nobody typed anything: not a title. */
const cameraBoilerplate = /^(olympus digital camera|sony dsc|digital camera|default|untitled)$/i;

/** Text from an exifr value: a string, a number, a language alternative or a list of those. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object" && "value" in value) return texts(value.value);
  return [];
}

/**
 * exifr decodes IPTC text as Latin-1, but most tools now write UTF-8 ("Ã©tÃ©" for "été"):
 * text whose Latin-1 bytes form valid UTF-8 is decoded again; real Latin-1 accents do not.
 */
function iptcText(value: unknown): string[] {
  return texts(value).map((text) => {
    const latin1 = [...text].every((c) => c.charCodeAt(0) <= 0xff);
    if (!latin1 || !/[\u0080-\u00ff]/.test(text)) return text;
    const decoded = Buffer.from(text, "latin1").toString("utf8");
    return decoded.includes("\ufffd") ? text : decoded;
  });
}

function clean(text: string, maxChars: number): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what we remove
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, maxChars)
  );
}

type Segments = Record<string, Record<string, unknown> | undefined>;

export interface EmbeddedText {
  title?: string;
  description?: string;
  keywords: string[];
}

const maxDescriptionChars = 2000;

/**
 * The title, caption and keywords a photographer embedded in the file (XMP, IPTC or EXIF), so the
 * submission form can start from them. Reads only the metadata segments, never the pixels;
 * formats exifr does not know (GIF, WebP, BMP…) simply give nothing.
 */
export async function readEmbeddedText(filePath: string): Promise<EmbeddedText> {
  let segments: Segments | undefined;
  try {
    segments = (await exifr.parse(filePath, {
      tiff: true,
      exif: false,
      gps: false,
      interop: false,
      ifd1: false,
      iptc: true,
      xmp: true,
      icc: false,
      jfif: false,
      mergeOutput: false,
      translateValues: true,
    })) as Segments | undefined;
  } catch {
    // Unknown format or damaged metadata: the pixels may still be fine.
    return { keywords: [] };
  }
  const dc = segments?.dc ?? {};
  const iptc = segments?.iptc ?? {};
  const photoshop = segments?.photoshop ?? {};
  const ifd0 = segments?.ifd0 ?? {};

  const title = [
    dc.title,
    iptcText(iptc.ObjectName),
    iptcText(iptc.Headline),
    photoshop.Headline,
    ifd0.XPTitle,
    ifd0.ImageDescription,
  ]
    .flatMap(texts)
    .map((text) => clean(text, maxTitleChars))
    .find((text) => text !== "" && !cameraBoilerplate.test(text));

  const description = [
    dc.description,
    iptcText(iptc.Caption),
    ifd0.XPComment,
    ifd0.ImageDescription,
  ]
    .flatMap(texts)
    .map((text) => clean(text, maxDescriptionChars))
    .find((text) => text !== "" && text !== title && !cameraBoilerplate.test(text));

  const keywords: string[] = [];
  const seen = new Set<string>();
  // Tools disagree on lists: some write one entry per keyword, others one "a; b, c" string.
  for (const entry of [dc.subject, iptcText(iptc.Keywords), ifd0.XPKeywords].flatMap(texts)) {
    for (const part of entry.split(/[;,]/)) {
      const keyword = clean(part, maxKeywordChars);
      const key = keyword.toLocaleLowerCase("fr");
      if (keyword === "" || seen.has(key)) continue;
      seen.add(key);
      keywords.push(keyword);
    }
  }
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    keywords: keywords.slice(0, maxKeywords),
  };
}
