import { useTranslation } from "react-i18next";
import { formatDate, formatMoney } from "~/modules/i18n/i18n";
import { useLocale } from "../use-locale";

/** The seller pages' recurring texts: a price ('Gratuit' when free), a title, a date. */
export function useSellerFormat() {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    locale,
    price: (cents: number | null) =>
      cents === null || cents === 0 ? t("sellerDashboard.free") : formatMoney(locale, cents),
    title: (title: string) => (title.trim() === "" ? t("sellerDashboard.untitled") : title),
    date: (date: Date | string) => formatDate(locale, date),
  };
}
