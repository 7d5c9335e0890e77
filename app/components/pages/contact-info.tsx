import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";
import { intlLocale } from "~/modules/i18n/locale";
import { contactDetails, openingHours } from "~/modules/pages/contact-details";

function hour(locale: Locale, value: number): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(2024, 0, 1, value)));
}

/** Contact details and opening hours (docs/product.md, "Public pages": Monday to Friday 9-18, Saturday 10-16). */
export function ContactInfo({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const range = (span: { from: number; to: number }) =>
    t("pages.contact.hours", { from: hour(locale, span.from), to: hour(locale, span.to) });
  return (
    <aside className="space-y-6">
      <section className="card p-6" aria-labelledby="contact-info">
        <h2 id="contact-info" className="text-lg font-semibold">
          {t("pages.contact.infoTitle")}
        </h2>
        <dl className="mt-3 space-y-3 text-sm">
          <div>
            <dt className="text-muted">{t("pages.contact.emailLabel")}</dt>
            <dd>
              <a href={`mailto:${contactDetails.supportEmail}`} className="text-accent underline">
                {contactDetails.supportEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t("pages.contact.phoneLabel")}</dt>
            <dd>
              <a
                href={`tel:${contactDetails.phone.replaceAll(" ", "")}`}
                className="text-accent underline"
              >
                {contactDetails.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t("pages.contact.legalLabel")}</dt>
            <dd>
              <a href={`mailto:${contactDetails.legalEmail}`} className="text-accent underline">
                {contactDetails.legalEmail}
              </a>
            </dd>
          </div>
        </dl>
      </section>
      <section className="card p-6" aria-labelledby="contact-hours">
        <h2 id="contact-hours" className="text-lg font-semibold">
          {t("pages.contact.hoursTitle")}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{t("pages.contact.weekdays")}</dt>
            <dd>{range(openingHours.weekdays)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t("pages.contact.saturday")}</dt>
            <dd>{range(openingHours.saturday)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t("pages.contact.sunday")}</dt>
            <dd>{t("pages.contact.closed")}</dd>
          </div>
        </dl>
      </section>
    </aside>
  );
}
