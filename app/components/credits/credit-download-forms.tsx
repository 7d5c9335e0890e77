import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { localePath } from "~/components/use-locale";

/**
 * The product page's 'download with credits' and Infinity buttons (placed by the catalogue
 * page at merge): plain forms posting to /{lang}/credits with the submission id. The server
 * checks the balance, the cost and the daily limit; these only show what the loader knew.
 */
export function CreditDownloadForms({
  locale,
  submissionId,
  cost,
  balance,
  infinity,
}: {
  locale: "fr" | "en";
  submissionId: string;
  cost: number;
  balance: number;
  infinity: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      {infinity ? (
        <Form method="post" action={localePath(locale, "/credits")}>
          <input type="hidden" name="intent" value="infinity-download" />
          <input type="hidden" name="submissionId" value={submissionId} />
          <button type="submit" className="btn-primary w-full">
            {t("credits.download.withInfinity")}
          </button>
        </Form>
      ) : null}
      {balance >= cost ? (
        <Form method="post" action={localePath(locale, "/credits")}>
          <input type="hidden" name="intent" value="spend-credits" />
          <input type="hidden" name="submissionId" value={submissionId} />
          <button type="submit" className="btn-secondary w-full">
            {t("credits.download.withCredits", { count: cost })}
          </button>
        </Form>
      ) : null}
      <p className="text-sm text-muted">{t("credits.download.balance", { count: balance })}</p>
    </div>
  );
}
