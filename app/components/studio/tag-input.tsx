import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTags } from "~/modules/studio/tags";

/**
 * Keywords as chips: typing a comma, a semicolon or Enter adds what was typed (split, trimmed,
 * duplicates dropped); each chip has a remove button. Submitted as repeated `name` fields (one
 * language's tags: `tags_fr`, `tags_en`).
 */
export function TagInput({
  id,
  name,
  label,
  tags,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const commit = (text: string) => {
    onChange(addTags(tags, text));
    setTyped("");
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="field-input"
          value={typed}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const value = event.target.value;
            if (/[,;\n]/.test(value)) commit(value);
            else setTyped(value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit(typed);
            }
          }}
          onBlur={() => typed.trim() && commit(typed)}
          onPaste={(event) => {
            event.preventDefault();
            commit(typed + event.clipboardData.getData("text"));
          }}
        />
        <button type="button" className="btn-secondary" onClick={() => commit(typed)}>
          {t("studio.fields.addTag")}
        </button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t("studio.fields.tagsHint")}
      </p>
      {tags.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-3 py-1 text-sm"
            >
              {tag}
              <input type="hidden" name={name} value={tag} />
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-black/10"
                aria-label={t("studio.fields.removeTag", { tag })}
                onClick={() => onChange(tags.filter((candidate) => candidate !== tag))}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
