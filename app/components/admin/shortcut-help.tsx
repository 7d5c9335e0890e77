import { useTranslation } from "react-i18next";

/** The shortcuts, written on the page so they can be found without a manual. */
export function ShortcutHelp() {
  const { t } = useTranslation();
  const keys = [
    ["j", "next"],
    ["k", "previous"],
    ["a", "approve"],
    ["r", "reject"],
    ["x", "toggle"],
  ] as const;
  return (
    <details className="mb-4 text-sm">
      <summary className="cursor-pointer font-medium">
        {t("admin.moderation.shortcuts.title")}
      </summary>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {keys.map(([key, action]) => (
          <li key={key}>
            <kbd className="rounded border border-border px-1.5 font-mono">{key}</kbd>{" "}
            {t(`admin.moderation.shortcuts.${action}`)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-muted">{t("admin.moderation.shortcuts.note")}</p>
    </details>
  );
}
