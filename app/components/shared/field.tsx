import { useTranslation } from "react-i18next";
import { maxLengthOf, type AuthErrorKey } from "~/modules/accounts/account-forms";

/** The translated text of a form error key. */
export function useAuthErrorText() {
  const { t } = useTranslation();
  return (field: string, key: AuthErrorKey | undefined, seconds?: number): string | undefined => {
    if (!key) return undefined;
    if (key === "tooLong") return t("auth.errors.tooLong", { max: maxLengthOf(field) });
    if (key === "rateLimited") return t("auth.errors.rateLimited", { seconds: seconds ?? 60 });
    return t(`auth.errors.${key}`);
  };
}

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input with its error, wired for screen readers. */
export function Field({ id, label, error, hint, className, ...input }: FieldProps) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
      <p className="font-semibold text-danger">{title}</p>
      <p className="text-fg">{message}</p>
    </div>
  );
}
