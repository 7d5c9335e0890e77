import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";
import { formatMoney } from "~/modules/i18n/i18n";

/** The checkout's lines: item, licence, and its price (or why it cannot be bought). */
export function CheckoutLines({
  lines,
  locale,
}: {
  lines: ReadonlyArray<{
    submissionId: string;
    title: string;
    licenceName: string;
    owned: boolean;
    lineCents: number | null;
  }>;
  locale: Locale;
}) {
  const { t } = useTranslation();
  return (
    <ul className="min-w-0 space-y-2" aria-label={t("commerce.cart.itemsLabel")}>
      {lines.map((line) => (
        <li key={line.submissionId} className="card flex justify-between gap-3 p-3">
          <span className="min-w-0">
            <span className="block truncate font-semibold">{line.title}</span>
            <span className="text-sm text-muted">
              {t("commerce.cart.licence", { name: line.licenceName })}
            </span>
          </span>
          <span className="shrink-0 font-semibold">
            {line.owned
              ? t("commerce.owned.cartLine")
              : line.lineCents === null
                ? t("commerce.cart.unavailable")
                : formatMoney(locale, line.lineCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}
