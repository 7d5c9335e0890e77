import { FileArchive } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { zipLimits } from "~/modules/commerce/zip-limits";
import { formatBytes } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";

/** The form's id: the list's checkboxes belong to it through their `form` attribute. */
const zipFormId = "zip-downloads";

type Problem = "empty" | "tooManyFiles" | "tooLarge";

/**
 * What is wrong with a selection before it is sent, as the server would say it
 * (app/modules/commerce/downloads-zip.server.ts checks the same limits again).
 */
function selectionProblem(count: number, bytes: number): Problem | null {
  if (count === 0) return "empty";
  if (count > zipLimits.files) return "tooManyFiles";
  if (bytes > zipLimits.bytes) return "tooLarge";
  return null;
}

/** The checkboxes of the list that belong to the form (`ZipCheckbox`). */
function boxesOf(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [...form.elements].filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && element.name === "id",
  );
}

/**
 * The downloads tab's "several originals as one .zip" (decision record 0060): "select all",
 * what the selection weighs, and the button. The files' checkboxes (`ZipCheckbox`) sit in the
 * list below and join this form by its id. The server streams the archive as an attachment, so
 * the page stays where it is; without JavaScript the checkboxes still send the form.
 */
export function ZipSelection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const [state, setState] = useState({ count: 0, bytes: 0, total: 0 });
  const [tried, setTried] = useState(false);

  function measure() {
    const boxes = boxesOf(form.current);
    const chosen = boxes.filter((box) => box.checked);
    setState({
      count: chosen.length,
      bytes: chosen.reduce((sum, box) => sum + Number(box.dataset.bytes ?? 0), 0),
      total: boxes.length,
    });
    setTried(false);
  }

  useEffect(() => {
    // A checkbox outside the form element: its change events reach the document, not the form.
    const onChange = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.form === form.current) measure();
    };
    measure();
    document.addEventListener("change", onChange);
    return () => document.removeEventListener("change", onChange);
  }, []);

  const { count, bytes, total } = state;
  const all = total > 0 && count === total;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  const problem = selectionProblem(count, bytes);
  // An empty selection says so once the button was pressed; the limits say so at once.
  const message =
    problem && (problem !== "empty" || tried)
      ? t(`commerce.zip.${problem}`, {
          files: zipLimits.files,
          size: formatBytes(locale, zipLimits.bytes),
        })
      : null;
  return (
    <form
      ref={form}
      id={zipFormId}
      method="post"
      action="/downloads/zip"
      className="card mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
      aria-labelledby="zip-title"
      onSubmit={(event) => {
        if (!problem) return;
        event.preventDefault();
        setTried(true);
      }}
    >
      <input type="hidden" name="lang" value={locale} />
      <h2 id="zip-title" className="w-full text-sm font-semibold">
        {t("commerce.zip.legend")}
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <input
          ref={selectAll}
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={all}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            for (const box of boxesOf(form.current)) box.checked = on;
            measure();
          }}
          data-testid="zip-select-all"
        />
        {t("commerce.zip.selectAll")}
      </label>
      <span className="text-sm text-muted" aria-live="polite" data-testid="zip-summary">
        {t("commerce.zip.selected", { count, size: formatBytes(locale, bytes) })}
      </span>
      <button
        type="submit"
        className="btn-primary ml-auto"
        aria-describedby={message ? "zip-problem" : undefined}
        data-testid="zip-submit"
      >
        <FileArchive className="h-4 w-4" aria-hidden="true" />
        {t("commerce.zip.submit")}
      </button>
      {message ? (
        <p id="zip-problem" role="alert" className="w-full text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** One original's checkbox in the downloads list, sent with `ZipSelection`'s form. */
export function ZipCheckbox({ id, name, bytes }: { id: string; name: string; bytes: number }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      form={zipFormId}
      name="id"
      value={id}
      data-bytes={bytes}
      aria-label={t("commerce.zip.select", { name })}
      className="mr-2 h-4 w-4 align-middle accent-accent"
      data-testid="zip-checkbox"
    />
  );
}
