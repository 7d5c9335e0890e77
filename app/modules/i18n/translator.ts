/**
 * The part of i18next this app uses, in about a kilobyte instead of sixteen (decision record
 * 0048): keys with dots through nested objects, `{{name}}` interpolation without escaping (React
 * escapes), plurals as `key_one` / `key_other` chosen by `count` with Intl.PluralRules, and
 * `returnObjects` for a whole section. A missing key gives the key back, as i18next does, and is
 * told to `onMissing` (the browser holds only its page's texts: decision record 0048).
 * tests/unit/translator.test.ts checks it gives i18next's output on every catalog key.
 */
export type TranslateOptions = { count?: number; returnObjects?: boolean } & Record<
  string,
  unknown
>;

export type Translate = (key: string, options?: TranslateOptions) => unknown;

type Tree = { readonly [key: string]: unknown };

/** Follows the key's parts through the catalog; a name may itself hold dots ("mail.send"). */
function lookUp(node: unknown, key: string): unknown {
  if (node === null || typeof node !== "object") return undefined;
  const tree = node as Tree;
  if (Object.hasOwn(tree, key)) return tree[key];
  for (let dot = key.indexOf("."); dot !== -1; dot = key.indexOf(".", dot + 1)) {
    const head = key.slice(0, dot);
    if (!Object.hasOwn(tree, head)) continue;
    const found = lookUp(tree[head], key.slice(dot + 1));
    if (found !== undefined) return found;
  }
  return undefined;
}

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, values: TranslateOptions): string {
  return text.replace(placeholder, (match, name: string) => {
    const value = values[name];
    // i18next leaves a placeholder it has no value for as it is.
    return value === undefined || value === null ? match : String(value);
  });
}

export function createTranslator(
  locale: string,
  catalog: Tree,
  onMissing?: (key: string, locale: string) => void,
): Translate {
  const plurals = new Intl.PluralRules(locale);
  const plainTexts = new Map<string, string>();
  const missing = (key: string) => {
    onMissing?.(key, locale);
    return key;
  };
  return (key, options) => {
    if (!options) {
      // A page asks for the same labels again and again; a text, once there, never changes
      // (a missing one is not kept: the browser may load it later).
      let text = plainTexts.get(key);
      if (text === undefined) {
        const found = lookUp(catalog, key);
        if (typeof found !== "string") return missing(key);
        plainTexts.set(key, (text = found));
      }
      return text;
    }
    let found: unknown;
    if (typeof options.count === "number") {
      if (options.count === 0) found = lookUp(catalog, `${key}_zero`);
      found ??= lookUp(catalog, `${key}_${plurals.select(options.count)}`);
      found ??= lookUp(catalog, `${key}_other`);
    }
    found ??= lookUp(catalog, key);
    if (typeof found === "string") return interpolate(found, options);
    if (found !== undefined && found !== null && options.returnObjects) return found;
    return missing(key);
  };
}
