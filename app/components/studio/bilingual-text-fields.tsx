import { Languages } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toasts";
import { useLocale } from "~/components/use-locale";
import type { MetadataProposal } from "~/modules/ai/types";
import { otherLocale, type Bilingual } from "~/modules/i18n/bilingual-text";
import type { Locale } from "~/modules/i18n/locale";
import {
  bilingualFieldName,
  maxDescriptionLength,
  maxTitleLength,
} from "~/modules/studio/product-form";

/** A product's text in both languages, as the studio and the edit page hold it. */
export interface BilingualText {
  title: Bilingual<string>;
  description: Bilingual<string>;
  tags: Bilingual<string[]>;
}

interface BilingualTextFieldsProps {
  idPrefix: string;
  text: BilingualText;
  /** Called with the whole text when a field changes or a translation arrives. */
  onChange: (text: BilingualText) => void;
  /** Whether an AI provider is configured to translate (else a hint asks the seller to write). */
  canTranslate: boolean;
  titleError?: string | null;
  descriptionError?: string | null;
  /** The tag field of one language (the studio and the edit page have their own). */
  renderTags: (locale: Locale, label: string) => React.ReactNode;
  rows?: number;
}

async function requestTranslation(pageLocale: Locale, from: Locale, text: MetadataProposal) {
  const body = new FormData();
  body.set("lang", pageLocale);
  body.set("from", from);
  body.set("title", text.title);
  body.set("description", text.description);
  for (const tag of text.tags) body.append("tags", tag);
  const response = await fetch("/api/studio/translate", { method: "POST", body });
  const answer = (await response.json().catch(() => ({}))) as {
    text?: MetadataProposal;
    message?: string;
  };
  if (!response.ok || !answer.text) throw new Error(answer.message ?? response.statusText);
  return answer.text;
}

/**
 * Title, description and tags in French and English side by side (one after the other on a
 * phone), the page's language first, each column labelled (decision 0049). A column whose
 * language is missing can be translated from the other through the AI provider; without one,
 * a hint says the seller writes it and what pages show meanwhile.
 */
export function BilingualTextFields({
  idPrefix,
  text,
  onChange,
  canTranslate,
  titleError,
  descriptionError,
  renderTags,
  rows = 4,
}: BilingualTextFieldsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [translating, setTranslating] = useState<Locale | null>(null);
  const order: Locale[] = [locale, otherLocale(locale)];

  const setField = (field: "title" | "description", lang: Locale, value: string) =>
    onChange({ ...text, [field]: { ...text[field], [lang]: value } });

  async function translateInto(lang: Locale) {
    const from = otherLocale(lang);
    setTranslating(lang);
    try {
      const translated = await requestTranslation(locale, from, {
        title: text.title[from],
        description: text.description[from],
        tags: text.tags[from],
      });
      onChange({
        title: { ...text.title, [lang]: translated.title },
        description: { ...text.description, [lang]: translated.description },
        tags: { ...text.tags, [lang]: translated.tags },
      });
      toast.success(t("studio.languages.translated"));
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setTranslating(null);
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">{t("studio.languages.hint")}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {order.map((lang, index) => {
          const language = t(`studio.languages.${lang}`);
          const from = otherLocale(lang);
          const sourceWritten =
            text.title[from].trim() !== "" || text.description[from].trim() !== "";
          const missing = text.title[lang].trim() === "" && text.description[lang].trim() === "";
          const id = (field: string) => `${idPrefix}-${field}-${lang}`;
          // Errors about "a title" belong to the page's language column, shown once.
          const ownTitleError = index === 0 ? titleError : null;
          const ownDescriptionError = index === 0 ? descriptionError : null;
          return (
            <section
              key={lang}
              aria-labelledby={id("heading")}
              className="space-y-4 rounded-lg border border-border p-3 sm:p-4"
              data-testid={`text-${lang}`}
            >
              <h3 id={id("heading")} className="flex items-center gap-2 text-sm font-semibold">
                <Languages className="h-4 w-4 text-muted" aria-hidden="true" />
                {language}
              </h3>
              <div>
                <label htmlFor={id("title")} className="field-label">
                  {`${t("studio.fields.title")} (${language})`}
                </label>
                <input
                  id={id("title")}
                  name={bilingualFieldName("title", lang)}
                  lang={lang}
                  className="field-input"
                  maxLength={maxTitleLength}
                  value={text.title[lang]}
                  aria-invalid={ownTitleError ? true : undefined}
                  aria-describedby={ownTitleError ? id("title-error") : undefined}
                  onChange={(event) => setField("title", lang, event.target.value)}
                />
                {ownTitleError ? (
                  <p id={id("title-error")} className="field-error">
                    {ownTitleError}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor={id("description")} className="field-label">
                  {`${t("studio.fields.description")} (${language})`}
                </label>
                <textarea
                  id={id("description")}
                  name={bilingualFieldName("description", lang)}
                  lang={lang}
                  rows={rows}
                  maxLength={maxDescriptionLength}
                  className="field-input"
                  value={text.description[lang]}
                  aria-invalid={ownDescriptionError ? true : undefined}
                  aria-describedby={ownDescriptionError ? id("description-error") : undefined}
                  onChange={(event) => setField("description", lang, event.target.value)}
                />
                {ownDescriptionError ? (
                  <p id={id("description-error")} className="field-error">
                    {ownDescriptionError}
                  </p>
                ) : null}
              </div>
              {renderTags(lang, `${t("studio.fields.tags")} (${language})`)}
              {canTranslate && sourceWritten ? (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={translating !== null}
                  onClick={() => void translateInto(lang)}
                >
                  <Languages className="h-4 w-4" aria-hidden="true" />
                  {translating === lang
                    ? t("studio.languages.translating")
                    : t(
                        from === "fr"
                          ? "studio.languages.fillFromFr"
                          : "studio.languages.fillFromEn",
                      )}
                </button>
              ) : null}
              {!canTranslate && missing && sourceWritten ? (
                <p className="text-sm text-muted" role="note">
                  {t(
                    lang === "fr"
                      ? "studio.languages.noProviderFr"
                      : "studio.languages.noProviderEn",
                  )}
                </p>
              ) : null}
            </section>
          );
        })}
      </div>
    </div>
  );
}
