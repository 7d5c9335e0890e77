import type { Bilingual } from "../i18n/bilingual-text";
import { locales } from "../i18n/locale";
import type { ContentKind } from "./content-kind";

/**
 * What a buyer and a moderator judge an item by: its text in both languages, its keywords, its
 * category and its kind. Changing one of them on a published item is a material change and sends
 * it back to moderation; its price is not (docs/product.md, "Moderation"). Files are material
 * too, judged where files are added or replaced (decision record 0057).
 */
export interface ModeratedFields {
  title: Bilingual<string>;
  description: Bilingual<string>;
  tags: Bilingual<readonly string[]>;
  categoryId: string | null;
  kind: ContentKind;
}

/** Keywords as a set: their order and case change nothing a moderator would judge. */
function sameTags(a: readonly string[], b: readonly string[]) {
  const key = (tags: readonly string[]) =>
    [...new Set(tags.map((tag) => tag.trim().toLocaleLowerCase()))].sort().join("\n");
  return key(a) === key(b);
}

/** Whether going from `before` to `after` changes what moderation approved. */
export function isMaterialChange(before: ModeratedFields, after: ModeratedFields): boolean {
  return (
    before.categoryId !== after.categoryId ||
    before.kind !== after.kind ||
    locales.some(
      (locale) =>
        before.title[locale].trim() !== after.title[locale].trim() ||
        before.description[locale].trim() !== after.description[locale].trim() ||
        !sameTags(before.tags[locale], after.tags[locale]),
    )
  );
}
