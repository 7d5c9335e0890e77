/**
 * The local generator's words, in French and English. This is data, not interface text: it is
 * written into listings the seller then edits, so it stays out of the UI catalogs.
 */

export type Lang = "fr" | "en";
export type Bilingual = Record<Lang, string>;

export type ColourName =
  | "black"
  | "white"
  | "grey"
  | "red"
  | "orange"
  | "yellow"
  | "green"
  | "turquoise"
  | "lightBlue"
  | "blue"
  | "purple"
  | "pink"
  | "brown"
  | "beige";

/**
 * Named colours, each with a few typical sRGB values (dark, mid, light shades); a pixel colour
 * takes the name of the nearest one.
 */
export const colours: Record<ColourName, { samples: [number, number, number][] } & Bilingual> = {
  black: {
    samples: [
      [0, 0, 0],
      [30, 30, 30],
    ],
    fr: "noir",
    en: "black",
  },
  white: {
    samples: [
      [255, 255, 255],
      [240, 240, 240],
    ],
    fr: "blanc",
    en: "white",
  },
  grey: {
    samples: [
      [80, 80, 80],
      [128, 128, 128],
      [192, 192, 192],
    ],
    fr: "gris",
    en: "grey",
  },
  red: {
    samples: [
      [139, 0, 0],
      [200, 30, 30],
      [255, 0, 0],
      [225, 30, 70],
    ],
    fr: "rouge",
    en: "red",
  },
  orange: {
    samples: [
      [240, 130, 30],
      [255, 165, 0],
      [255, 90, 30],
    ],
    fr: "orange",
    en: "orange",
  },
  yellow: {
    samples: [
      [245, 210, 40],
      [255, 240, 120],
      [255, 215, 0],
    ],
    fr: "jaune",
    en: "yellow",
  },
  green: {
    samples: [
      [34, 139, 34],
      [60, 150, 60],
      [144, 238, 144],
      [85, 107, 47],
      [0, 100, 0],
    ],
    fr: "vert",
    en: "green",
  },
  turquoise: {
    samples: [
      [64, 224, 208],
      [0, 128, 128],
      [20, 184, 166],
    ],
    fr: "turquoise",
    en: "turquoise",
  },
  lightBlue: {
    samples: [
      [135, 206, 235],
      [173, 216, 230],
      [14, 165, 233],
    ],
    fr: "bleu clair",
    en: "light blue",
  },
  blue: {
    samples: [
      [0, 0, 128],
      [0, 0, 255],
      [50, 90, 170],
      [65, 105, 225],
    ],
    fr: "bleu",
    en: "blue",
  },
  purple: {
    samples: [
      [128, 0, 128],
      [138, 43, 226],
      [168, 85, 247],
    ],
    fr: "violet",
    en: "purple",
  },
  pink: {
    samples: [
      [255, 105, 180],
      [255, 192, 203],
      [236, 72, 153],
    ],
    fr: "rose",
    en: "pink",
  },
  brown: {
    samples: [
      [139, 69, 19],
      [160, 82, 45],
      [101, 67, 33],
    ],
    fr: "marron",
    en: "brown",
  },
  beige: {
    samples: [
      [245, 245, 220],
      [210, 180, 140],
      [245, 222, 179],
    ],
    fr: "beige",
    en: "beige",
  },
};

export type Orientation = "landscape" | "portrait" | "square" | "panoramic";

export const orientationWords: Record<Orientation, { tag: Bilingual; adjective: Bilingual }> = {
  landscape: {
    tag: { fr: "paysage", en: "landscape" },
    adjective: { fr: "au format paysage", en: "landscape" },
  },
  portrait: {
    tag: { fr: "portrait", en: "portrait" },
    adjective: { fr: "au format portrait", en: "portrait" },
  },
  square: {
    tag: { fr: "carré", en: "square" },
    adjective: { fr: "au format carré", en: "square" },
  },
  panoramic: {
    tag: { fr: "panoramique", en: "panoramic" },
    adjective: { fr: "panoramique", en: "panoramic" },
  },
};

/** Tags every listing of a kind gets. */
export const kindTags = {
  photo: { fr: ["photo"], en: ["photo"] },
  image: { fr: ["image"], en: ["image"] },
  video: { fr: ["vidéo"], en: ["video"] },
  audio: { fr: ["audio", "son"], en: ["audio", "sound"] },
  ebook: { fr: ["ebook", "pdf"], en: ["ebook", "pdf"] },
  document: { fr: ["document"], en: ["document"] },
  vector: { fr: ["vectoriel", "illustration"], en: ["vector", "illustration"] },
  model: { fr: ["3d", "modèle 3d"], en: ["3d", "3d model"] },
} satisfies Record<string, Record<Lang, string[]>>;

export const highResolutionTag: Bilingual = { fr: "haute résolution", en: "high resolution" };

/**
 * Common stock-media subjects, French then English. File names come in either language (often
 * without accents); a match is written in the listing's language, multi-word phrases first.
 */
const glossaryPairs: [string, string][] = [
  ["coucher de soleil", "sunset"],
  ["lever de soleil", "sunrise"],
  ["coucher du soleil", "sunset"],
  ["lever du soleil", "sunrise"],
  ["vue aérienne", "aerial view"],
  ["arrière-plan", "background"],
  ["fond d'écran", "wallpaper"],
  ["ralenti", "slow motion"],
  ["accéléré", "timelapse"],
  ["montagne", "mountain"],
  ["neige", "snow"],
  ["plage", "beach"],
  ["mer", "sea"],
  ["océan", "ocean"],
  ["vague", "wave"],
  ["sable", "sand"],
  ["île", "island"],
  ["soleil", "sun"],
  ["lune", "moon"],
  ["étoile", "star"],
  ["ciel", "sky"],
  ["nuage", "cloud"],
  ["pluie", "rain"],
  ["orage", "storm"],
  ["brouillard", "fog"],
  ["forêt", "forest"],
  ["arbre", "tree"],
  ["fleur", "flower"],
  ["feuille", "leaf"],
  ["jardin", "garden"],
  ["champ", "field"],
  ["rivière", "river"],
  ["lac", "lake"],
  ["cascade", "waterfall"],
  ["eau", "water"],
  ["glace", "ice"],
  ["feu", "fire"],
  ["fumée", "smoke"],
  ["désert", "desert"],
  ["campagne", "countryside"],
  ["hiver", "winter"],
  ["été", "summer"],
  ["automne", "autumn"],
  ["printemps", "spring"],
  ["nuit", "night"],
  ["jour", "day"],
  ["matin", "morning"],
  ["soir", "evening"],
  ["ville", "city"],
  ["rue", "street"],
  ["vue", "view"],
  ["route", "road"],
  ["pont", "bridge"],
  ["bâtiment", "building"],
  ["maison", "house"],
  ["architecture", "architecture"],
  ["bureau", "office"],
  ["travail", "work"],
  ["entreprise", "business"],
  ["réunion", "meeting"],
  ["technologie", "technology"],
  ["ordinateur", "computer"],
  ["téléphone", "phone"],
  ["personne", "person"],
  ["gens", "people"],
  ["femme", "woman"],
  ["homme", "man"],
  ["enfant", "child"],
  ["bébé", "baby"],
  ["famille", "family"],
  ["amis", "friends"],
  ["mariage", "wedding"],
  ["fête", "party"],
  ["marché de noël", "christmas market"],
  ["marché", "market"],
  ["noël", "christmas"],
  ["anniversaire", "birthday"],
  ["voyage", "travel"],
  ["vacances", "holidays"],
  ["bateau", "boat"],
  ["avion", "plane"],
  ["voiture", "car"],
  ["vélo", "bike"],
  ["chien", "dog"],
  ["oiseau", "bird"],
  ["cheval", "horse"],
  ["animal", "animal"],
  ["faune", "wildlife"],
  ["cuisine", "kitchen"],
  ["nourriture", "food"],
  ["repas", "meal"],
  ["recette", "recipe"],
  ["café", "coffee"],
  ["vin", "wine"],
  ["fruit", "fruit"],
  ["légume", "vegetable"],
  ["sport", "sport"],
  ["santé", "health"],
  ["école", "school"],
  ["livre", "book"],
  ["musique", "music"],
  ["chanson", "song"],
  ["guitare", "guitar"],
  ["ambiance", "ambient"],
  ["bruit", "noise"],
  ["voix", "voice"],
  ["lumière", "light"],
  ["ombre", "shadow"],
  ["texture", "texture"],
  ["motif", "pattern"],
  ["abstrait", "abstract"],
  ["fond", "background"],
  ["icône", "icon"],
  ["boucle", "loop"],
  ["amour", "love"],
  ["cœur", "heart"],
  ["nature", "nature"],
  ["paysage", "landscape"],
];

export interface GlossaryEntry extends Bilingual {
  /** Number of words of the longest form, for phrase matching. */
  words: number;
}

/** Lower case without accents or ligatures, the form file names are matched in. */
export function foldKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[-'’\s]+/g, " ")
    .trim();
}

export const glossary = new Map<string, GlossaryEntry>();
for (const [fr, en] of glossaryPairs) {
  const entry = { fr, en, words: Math.max(foldKey(fr).split(" ").length, en.split(" ").length) };
  // Where one spelling means two things, the first pair listed wins.
  if (!glossary.has(foldKey(fr))) glossary.set(foldKey(fr), entry);
  if (!glossary.has(foldKey(en))) glossary.set(foldKey(en), entry);
}
export const longestGlossaryPhrase = Math.max(...[...glossary.values()].map((e) => e.words));

/**
 * Small words, as written in each language's titles (an empty string drops the word). They are
 * never tags.
 */
export const functionWords: Record<Lang, Record<string, string>> = {
  // Keys are folded (no accents).
  fr: {
    de: "de",
    du: "du",
    des: "des",
    la: "la",
    le: "le",
    les: "les",
    un: "un",
    une: "une",
    et: "et",
    ou: "ou",
    au: "au",
    aux: "aux",
    en: "en",
    sur: "sur",
    sous: "sous",
    dans: "dans",
    avec: "avec",
    pour: "pour",
    par: "par",
    mon: "mon",
    ma: "ma",
    mes: "mes",
    notre: "notre",
    nos: "nos",
    the: "",
    my: "",
    our: "",
    an: "",
    of: "de",
    and: "et",
    or: "ou",
    on: "sur",
    in: "dans",
    at: "à",
    with: "avec",
    for: "pour",
    by: "par",
    from: "de",
    under: "sous",
  },
  en: {
    de: "of",
    du: "of the",
    des: "of",
    la: "the",
    le: "the",
    les: "the",
    un: "a",
    une: "a",
    et: "and",
    ou: "or",
    au: "at the",
    aux: "at the",
    en: "in",
    sur: "on",
    sous: "under",
    dans: "in",
    avec: "with",
    pour: "for",
    par: "by",
    mon: "my",
    ma: "my",
    mes: "my",
    notre: "our",
    nos: "our",
    the: "the",
    my: "my",
    our: "our",
    an: "an",
    of: "of",
    and: "and",
    or: "or",
    on: "on",
    in: "in",
    at: "at",
    with: "with",
    for: "for",
    by: "by",
    from: "from",
    under: "under",
  },
};

/** Small words that make no sense at either end of a title ("… de", "and …"). */
export const edgeWords = new Set(
  [
    "de|du|des|et|ou|au|aux|en|sur|sous|dans|avec|pour|par|à",
    "of|of the|and|or|on|in|at|at the|with|for|by|from|under",
  ]
    .join("|")
    .split("|"),
);

/** Articles, which may start a title but not end one. */
export const articles = new Set(["la", "le", "les", "un", "une", "the", "a", "an"]);

/** Prefixes cameras, phones and tools put in file names: never a subject. */
export const cameraTokens = new Set([
  "img",
  "dsc",
  "dscn",
  "dscf",
  "dcim",
  "image",
  "video",
  "pxl",
  "mvimg",
  "vid",
  "mov",
  "gopr",
  "dji",
  "imgp",
  "mg",
  "wp",
  "sam",
  "pano",
  "burst",
  "screenshot",
  "whatsapp",
  "untitled",
  "copy",
  "copie",
  "final",
  "edit",
  "edited",
  "export",
  "hq",
  "lq",
]);
