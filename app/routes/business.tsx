import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PageHeader } from "~/components/pages/page-header";
import { localePath, useLocale } from "~/components/use-locale";
import { publicPageMeta } from "~/modules/http/meta";
import { splitLocale } from "~/modules/i18n/locale";
import { contactDetails } from "~/modules/pages/contact-details";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/business";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

/** The business pages (docs/product.md, "Public pages"): each with its purpose and a contact. */
const businessPages = {
  "/enterprise": { key: "enterprise", email: contactDetails.salesEmail, link: "/contact" },
  "/press": { key: "press", email: contactDetails.pressEmail, link: "/contact" },
  "/partnerships": { key: "partnerships", email: contactDetails.partnersEmail, link: "/contact" },
  "/sales": { key: "sales", email: contactDetails.salesEmail, link: "/contact" },
} as const;
type BusinessPath = keyof typeof businessPages;

function pageOf(pathname: string) {
  const path = splitLocale(pathname).rest;
  return businessPages[path in businessPages ? (path as BusinessPath) : "/enterprise"];
}

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, pageOf(args.location.pathname).key);
}

const points = ["p1", "p2", "p3"] as const;

export default function Business() {
  const { t } = useTranslation();
  const locale = useLocale();
  const page = pageOf(useLocation().pathname);
  return (
    <>
      <PageHeader
        title={t(`pages.business.${page.key}.title`)}
        intro={t(`pages.business.${page.key}.intro`)}
      />
      <div className="container-page py-12">
        <ul className="grid gap-4 md:grid-cols-3">
          {points.map((point) => (
            <li key={point} className="card p-6 font-medium">
              {t(`pages.business.${page.key}.${point}`)}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link to={localePath(locale, page.link)} className="btn-primary">
            {t("pages.business.contactCta")}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
          <p className="text-sm text-muted">
            {t("pages.business.emailCta")}{" "}
            <a href={`mailto:${page.email}`} className="font-medium text-accent underline">
              {page.email}
            </a>
          </p>
        </div>
      </div>
    </>
  );
}
