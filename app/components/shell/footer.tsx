import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "../use-locale";
import { Logo } from "./logo";

type FooterKey =
  | "marketplace"
  | "packagesPricing"
  | "infinity"
  | "about"
  | "contact"
  | "support"
  | "licenses"
  | "terms"
  | "privacyPolicy"
  | "cookiePolicy"
  | "licenseAgreement"
  | "enterprise"
  | "press"
  | "partnerships"
  | "sales"
  | "feedback";

const columns: {
  heading: "explore" | "company" | "help" | "legal";
  links: [FooterKey, string][];
}[] = [
  {
    heading: "explore",
    links: [
      ["marketplace", "/marketplace"],
      ["packagesPricing", "/packages-pricing"],
      ["infinity", "/infinity"],
    ],
  },
  {
    heading: "company",
    links: [
      ["about", "/about"],
      ["contact", "/contact"],
      ["enterprise", "/enterprise"],
      ["sales", "/sales"],
      ["partnerships", "/partnerships"],
      ["press", "/press"],
    ],
  },
  {
    heading: "help",
    links: [
      ["support", "/support"],
      ["licenses", "/licenses"],
      ["feedback", "/feedback"],
    ],
  },
  {
    heading: "legal",
    links: [
      ["terms", "/terms"],
      ["privacyPolicy", "/privacy-policy"],
      ["cookiePolicy", "/cookie-policy"],
      ["licenseAgreement", "/license-agreement"],
    ],
  },
];

export function Footer({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[1.5fr_repeat(4,1fr)]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-muted">{t("footer.tagline")}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-labelledby={`footer-${column.heading}`}>
            <h2 id={`footer-${column.heading}`} className="text-sm font-semibold">
              {t(`footer.${column.heading}`)}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map(([key, path]) => (
                <li key={key}>
                  <Link to={localePath(locale, path)} className="text-muted hover:text-fg">
                    {t(`footer.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="container-page py-5 text-xs text-muted">
          {t("footer.copyright", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
