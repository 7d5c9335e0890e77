import { intlLocale } from "~/modules/i18n/locale";
import {
  type FileFacts,
  fileFacts,
  formatDuration,
  isResolutionToken,
  type NameWord,
} from "./file-facts.server";
import type { MetadataInput, MetadataProposal } from "./types";
import {
  articles,
  colours,
  edgeWords,
  foldKey,
  functionWords,
  glossary,
  type GlossaryEntry,
  highResolutionTag,
  kindTags,
  type Lang,
  longestGlossaryPhrase,
  orientationWords,
} from "./vocabulary.server";

export const maxTitleLength = 120;
export const maxDescriptionLength = 2000;
export const maxTags = 15;
export const maxTagLength = 40;

const langs = ["fr", "en"] as const;

/**
 * Proposes a title, a description and tags in French and English from the file alone: its name,
 * its kind and what was read from it. Pure and deterministic; no network.
 */
export function localMetadata(input: MetadataInput): {
  fr: MetadataProposal;
  en: MetadataProposal;
} {
  const facts = fileFacts(input);
  const [fr, en] = langs.map((lang) => proposal(facts, lang, input.sellerDescription));
  return { fr: fr!, en: en! };
}

function proposal(facts: FileFacts, lang: Lang, sellerDescription?: string): MetadataProposal {
  const name = renderWords(facts.nameWords, lang);
  const titleWords = facts.embeddedTitle
    ? renderWords(wordsOf(facts.embeddedTitle), lang)
    : { text: "", tags: [] };
  const keywords = facts.embeddedKeywords.map((keyword) => translatePhrase(keyword, lang));

  // The embedded title is the author's own words; then the name; then the keywords.
  const subject =
    facts.embeddedTitle ??
    (name.text || (keywords.length > 0 ? list(keywords.slice(0, 3), lang) : ""));

  const kind = kindPhrase(facts, lang);
  const title = subject
    ? `${capitalise(truncate(subject, maxTitleLength - kind.length - 3))} – ${kind}`
    : capitalise(kindWithOrientation(facts, lang));

  const technical = technicalSentence(facts, lang);
  const colourSentence =
    facts.colours.length > 0
      ? `${colourLabel(facts.colours.length, lang)} ${list(
          facts.colours.map((c) => colours[c][lang]),
          lang,
        )}.`
      : "";
  // The seller's own words first, then the author's caption embedded in the file.
  const given = (sellerDescription ?? facts.embeddedDescription)?.replace(/\s+/g, " ").trim();
  const first = given
    ? `${/[.!?…]$/.test(given) ? given : `${given}.`} ${capitalise(technical)}.`
    : subject
      ? `${capitalise(subject)}${lang === "fr" ? " :" : ":"} ${technical}.`
      : `${capitalise(technical)}.`;
  const author = facts.embeddedAuthor
    ? `${lang === "fr" ? "Auteur :" : "By"} ${facts.embeddedAuthor}.`
    : "";
  const description = truncate(
    [first, author, colourSentence].filter(Boolean).join(" "),
    maxDescriptionLength,
  );

  const tags = normaliseTags(
    [
      ...keywords,
      ...(facts.embeddedGenre ? [translatePhrase(facts.embeddedGenre, lang)] : []),
      ...name.tags,
      ...titleWords.tags,
      ...kindTags[facts.variant][lang],
      ...(facts.variant === "vector" && facts.extension ? [facts.extension] : []),
      ...(facts.videoClass ? [facts.videoClass] : []),
      ...(facts.orientation ? [orientationWords[facts.orientation].tag[lang]] : []),
      ...(facts.highResolution ? [highResolutionTag[lang]] : []),
      ...facts.colours.map((c) => colours[c][lang]),
    ],
    lang,
  );

  return { title, description, tags };
}

/** The kind as a short noun phrase for the title: "vidéo 4K", "42-page ebook". */
function kindPhrase(facts: FileFacts, lang: Lang): string {
  const fr = lang === "fr";
  switch (facts.variant) {
    case "photo":
      return "photo";
    case "image":
      return "image";
    case "video":
      return fr
        ? `vidéo ${facts.videoClass ?? ""}`.trim()
        : `${facts.videoClass ?? ""} video`.trim();
    case "audio":
      return fr ? "piste audio" : "audio track";
    case "ebook":
    case "document": {
      const noun = facts.variant === "ebook" ? "ebook" : "document";
      if (!facts.pages) return noun;
      if (fr) return facts.pages === 1 ? `${noun} d'une page` : `${noun} de ${facts.pages} pages`;
      return `${facts.pages}-page ${noun}`;
    }
    case "vector":
      return fr ? "illustration vectorielle" : "vector illustration";
    case "model":
      return fr ? "modèle 3D" : "3D model";
  }
}

/** "photo au format paysage" / "landscape photo". */
function kindWithOrientation(facts: FileFacts, lang: Lang): string {
  const kind = facts.variant === "ebook" ? pdfKind(facts, lang) : kindPhrase(facts, lang);
  if (!facts.orientation) return kind;
  const adjective = orientationWords[facts.orientation].adjective[lang];
  return lang === "fr" ? `${kind} ${adjective}` : `${adjective} ${kind}`;
}

/** "ebook PDF de 42 pages" / "42-page PDF ebook". */
function pdfKind(facts: FileFacts, lang: Lang): string {
  return kindPhrase(facts, lang).replace("ebook", lang === "fr" ? "ebook PDF" : "PDF ebook");
}

/** The facts a buyer checks, as one clause: kind, format, size, duration, sound. */
function technicalSentence(facts: FileFacts, lang: Lang): string {
  const fr = lang === "fr";
  const number = new Intl.NumberFormat(intlLocale[lang], {
    maximumFractionDigits: 1,
    useGrouping: false,
  });
  let clause = kindWithOrientation(facts, lang);

  if (facts.variant === "audio") {
    const sound = [
      facts.channels === 1 ? "mono" : facts.channels === 2 ? (fr ? "stéréo" : "stereo") : "",
      facts.channels && facts.channels > 2
        ? fr
          ? `${facts.channels} canaux`
          : `${facts.channels} channels`
        : "",
      facts.sampleRate ? `${number.format(facts.sampleRate / 1000)} kHz` : "",
    ].filter(Boolean);
    if (sound.length > 0) clause += ` (${sound.join(", ")})`;
  } else if (facts.variant === "vector" || facts.variant === "model") {
    if (facts.extension)
      clause += fr
        ? ` au format ${facts.extension.toUpperCase()}`
        : ` in ${facts.extension.toUpperCase()} format`;
  } else if (facts.width && facts.height && facts.variant !== "ebook") {
    clause += ` (${facts.width} × ${facts.height} px)`;
  }

  if (facts.durationSeconds) {
    const duration = formatDuration(facts.durationSeconds);
    clause += fr ? ` d'une durée de ${duration}` : `, ${duration} long`;
  }
  return clause;
}

/** Words of a free text, for tags. */
function wordsOf(text: string): NameWord[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => ({
      text: word,
      key: foldKey(word),
      acronym: /^\p{Lu}{2,4}$/u.test(word),
      keepCase: false,
    }));
}

/** The glossary entry of a folded word or phrase, also found from a simple plural. */
function lookup(key: string): { entry: GlossaryEntry; plural: boolean } | undefined {
  const entry = glossary.get(key);
  if (entry) return { entry, plural: false };
  const singular = /^\S{3,}[sx]$/.test(key) ? glossary.get(key.slice(0, -1)) : undefined;
  if (singular) return { entry: singular, plural: true };
  // A plural inside a phrase: "marchés de noël".
  const words = key.split(" ");
  if (words.length < 2) return undefined;
  const inner = glossary.get(
    words.map((word) => (/^\S{3,}[sx]$/.test(word) ? word.slice(0, -1) : word)).join(" "),
  );
  return inner ? { entry: inner, plural: true } : undefined;
}

/** A glossary match written in `lang`; a plural already in that language stays as written. */
function written(match: { entry: GlossaryEntry; plural: boolean }, source: string, lang: Lang) {
  const target = match.entry[lang];
  return match.plural && foldKey(source).slice(0, -1) === foldKey(target)
    ? source.toLocaleLowerCase(intlLocale[lang])
    : target;
}

/** A keyword in the listing's language when the glossary knows it, else as written. */
function translatePhrase(phrase: string, lang: Lang): string {
  const match = lookup(foldKey(phrase));
  return match ? written(match, phrase, lang) : phrase.toLowerCase();
}

/**
 * Writes name words in a language: known subjects translated (longest phrase first), small words
 * translated or dropped, other words kept as written. Returns the text and the tags it yields.
 */
function renderWords(words: NameWord[], lang: Lang): { text: string; tags: string[] } {
  const parts: string[] = [];
  const tags: string[] = [];
  let i = 0;
  scan: while (i < words.length) {
    for (let n = Math.min(longestGlossaryPhrase, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n);
      const match = lookup(phrase.map((w) => w.key).join(" "));
      if (match) {
        const text = withSellerCapitals(
          written(match, phrase.map((w) => w.text).join(" "), lang),
          phrase,
        );
        parts.push(text);
        tags.push(text);
        i += n;
        continue scan;
      }
    }
    const word = words[i]!;
    i++;
    const small = functionWords[lang][word.key];
    if (small !== undefined) {
      if (small) parts.push(small);
      continue;
    }
    if (word.key.length < 2) continue;
    parts.push(word.acronym || word.keepCase ? word.text : word.text.toLowerCase());
    tags.push(word.text);
  }
  // Prepositions and conjunctions are kept only between two words.
  while (parts.length > 0 && edgeWords.has(parts[0]!)) parts.shift();
  while (parts.length > 0 && (edgeWords.has(parts.at(-1)!) || articles.has(parts.at(-1)!))) {
    parts.pop();
  }
  return { text: parts.join(" "), tags };
}

/**
 * Capitals the seller gave a proper noun ("Noël" in "Marché de Noël") survive the glossary, which
 * writes its phrases in lower case, when the phrase is the same words in the same language.
 */
function withSellerCapitals(text: string, phrase: NameWord[]): string {
  const words = text.split(" ");
  if (words.length !== phrase.length || foldKey(text) !== phrase.map((w) => w.key).join(" "))
    return text;
  return words.map((word, i) => (phrase[i]!.keepCase ? capitalise(word) : word)).join(" ");
}

/** Short tags that still say something to a buyer. */
const meaningfulShortTags = new Set(["4k", "8k", "hd", "3d"]);

/** The key two tags share when they differ only in case, accents or a plural "s" or "x". */
function tagKey(tag: string): string {
  return foldKey(tag)
    .split(" ")
    .map((word) => (/^\S{3,}[sx]$/.test(word) ? word.slice(0, -1) : word))
    .join(" ");
}

/**
 * Lower case, at most `maxTags`, without junk: numbers, stop words, fragments shorter than
 * three characters (except 4K, HD, 3D…) and near-duplicates (case, accents, plural).
 */
function normaliseTags(candidates: string[], lang: Lang): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const tag = candidate
      .normalize("NFC")
      .replace(/\s+/g, " ")
      .trim()
      .toLocaleLowerCase(intlLocale[lang]);
    if (tag.length > maxTagLength || /^[\p{N}\s.,x×-]*$/u.test(tag)) continue;
    const short = meaningfulShortTags.has(foldKey(tag));
    if (!short && (tag.length < 3 || isResolutionToken(tag))) continue;
    if (functionWords.fr[foldKey(tag)] !== undefined) continue;
    if (functionWords.en[foldKey(tag)] !== undefined) continue;
    const key = tagKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === maxTags) break;
  }
  return tags;
}

function colourLabel(count: number, lang: Lang): string {
  if (lang === "fr") return count === 1 ? "Couleur dominante :" : "Couleurs dominantes :";
  return count === 1 ? "Dominant colour:" : "Dominant colours:";
}

function list(items: string[], lang: Lang): string {
  return new Intl.ListFormat(intlLocale[lang], { type: "conjunction" }).format(items);
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Cuts at a word boundary, with an ellipsis, when longer than `max` characters. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, "")}…`;
}
