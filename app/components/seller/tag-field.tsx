import { X } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTags } from "~/modules/studio/tags";
import { useHydrated } from "../use-hydrated";

/**
 * Keywords as chips (docs/product.md, "Uploads and the seller's studio"): typing a comma, a semicolon, a new line or Enter adds what was
 * typed; each chip has a remove button. The chips travel as repeated `tags` fields and any text
 * still in the box as `newTags`, which the server adds the same way. Before JavaScript runs the
 * chips are checkboxes, so a keyword can still be removed by unticking it.
 */
export function TagField({
  id,
  initial,
  error,
  name = "tags",
  draftName = "newTags",
  legend,
  onTagsChange,
}: {
  id: string;
  initial: readonly string[];
  error?: string;
  /** One language's fields (`tags_fr` and `newTags_fr`, …) where a form holds both. */
  name?: string;
  draftName?: string;
  legend?: string;
  /** Told of every change to the chips (the page translates from them). */
  onTagsChange?: (tags: string[]) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [tags, setTags] = useState<string[]>([...initial]);
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function change(next: string[]) {
    setTags(next);
    onTagsChange?.(next);
  }

  function commit(text: string) {
    change(addTags(tags, text));
    setDraft("");
  }

  return (
    <fieldset aria-describedby={error ? `${errorId} ${hintId}` : hintId}>
      <legend className="field-label">{legend ?? t("sellerDashboard.edit.tags")}</legend>
      {tags.length > 0 ? (
        <ul aria-label={t("sellerDashboard.edit.tagsList")} className="mb-2 flex flex-wrap gap-1.5">
          {tags.map((tag) =>
            hydrated ? (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm"
              >
                <input type="hidden" name={name} value={tag} />
                {tag}
                <button
                  type="button"
                  className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-surface"
                  aria-label={t("sellerDashboard.edit.removeTag", { tag })}
                  onClick={() => {
                    change(tags.filter((other) => other !== tag));
                    input.current?.focus();
                  }}
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </li>
            ) : (
              <li key={tag}>
                <label className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-0.5 text-sm">
                  <input type="checkbox" name={name} value={tag} defaultChecked />
                  {tag}
                </label>
              </li>
            ),
          )}
        </ul>
      ) : null}
      <label htmlFor={id} className="sr-only">
        {t("sellerDashboard.edit.newTags")}
      </label>
      <input
        ref={input}
        id={id}
        name={draftName}
        type="text"
        className="field-input"
        autoComplete="off"
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => {
          const value = event.target.value;
          if (/[,;\n]/.test(value)) commit(value);
          else setDraft(value);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (draft.trim() !== "") commit(draft);
          }
        }}
        onPaste={(event) => {
          const text = event.clipboardData.getData("text");
          if (/[,;\n]/.test(text)) {
            event.preventDefault();
            commit(draft + text);
          }
        }}
      />
      <p id={hintId} className="mt-1 text-xs text-muted">
        {t("sellerDashboard.edit.tagsHint")}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
