import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { PageHeader } from "~/components/pages/page-header";
import { localePath, useLocale } from "~/components/use-locale";
import { publicPageMeta } from "~/modules/http/meta";
import { formatDate } from "~/modules/i18n/i18n";
import { splitLocale } from "~/modules/i18n/locale";
import { readConsent } from "~/modules/pages/cookie-consent.server";
import { contactDetails, legalLastUpdate } from "~/modules/pages/contact-details";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/legal";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

/** The four legal texts, by path, with their number of sections (docs/product.md, "Public pages"). */
const legalPages = {
  "/terms": { key: "terms", sections: 7 },
  "/privacy-policy": { key: "privacyPolicy", sections: 5 },
  "/cookie-policy": { key: "cookiePolicy", sections: 3 },
  "/license-agreement": { key: "licenseAgreement", sections: 6 },
} as const;
type LegalPath = keyof typeof legalPages;

function legalPathOf(pathname: string): LegalPath {
  const path = splitLocale(pathname).rest;
  return path in legalPages ? (path as LegalPath) : "/terms";
}

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, legalPages[legalPathOf(args.location.pathname)].key);
}

export async function loader({ request }: Route.LoaderArgs) {
  return { consent: await readConsent(request) };
}

type SectionKey = `s${1 | 2 | 3 | 4 | 5 | 6 | 7}`;

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const current = legalPathOf(location.pathname);
  const { key, sections } = legalPages[current];
  const sectionKeys = Array.from({ length: sections }, (_, i) => `s${i + 1}` as SectionKey);
  return (
    <>
      <PageHeader title={t(`pages.legal.${key}.title`)} intro={t(`pages.legal.${key}.intro`)} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_16rem]">
        <article className="max-w-3xl space-y-8">
          <p className="text-sm text-muted">
            {t("pages.legalCommon.lastUpdate", { date: formatDate(locale, legalLastUpdate) })}
          </p>
          {sectionKeys.map((section) => (
            <section key={section} aria-labelledby={`legal-${section}`}>
              <h2 id={`legal-${section}`} className="text-xl font-semibold">
                {t(`pages.legal.${key}.${section}.title` as never)}
              </h2>
              <p className="mt-2 leading-relaxed text-muted">
                {t(`pages.legal.${key}.${section}.body` as never)}
              </p>
            </section>
          ))}
          {key === "cookiePolicy" ? (
            <section className="card p-5" aria-labelledby="cookie-choice">
              <p id="cookie-choice">
                {t("pages.legal.cookiePolicy.currentChoice", {
                  choice: t(`pages.legal.cookiePolicy.choices.${loaderData.consent ?? "none"}`),
                })}
              </p>
              <Form method="post" action="/cookie-consent" className="mt-3">
                <input type="hidden" name="choice" value="reset" />
                <input type="hidden" name="redirectTo" value={location.pathname} />
                <button type="submit" className="btn-secondary">
                  {t("pages.legal.cookiePolicy.reset")}
                </button>
              </Form>
            </section>
          ) : null}
          <p className="border-t border-border pt-6">
            {t("pages.legalCommon.questions")}{" "}
            <a
              href={`mailto:${contactDetails.legalEmail}`}
              className="font-medium text-accent hover:underline"
            >
              {contactDetails.legalEmail}
            </a>
          </p>
        </article>
        <nav aria-labelledby="legal-other" className="text-sm">
          <h2 id="legal-other" className="font-semibold">
            {t("pages.legalCommon.otherTexts")}
          </h2>
          <ul className="mt-3 space-y-2">
            {(Object.keys(legalPages) as LegalPath[]).map((path) => (
              <li key={path}>
                <Link
                  to={localePath(locale, path)}
                  aria-current={path === current ? "page" : undefined}
                  className="text-muted hover:text-fg aria-[current=page]:font-semibold aria-[current=page]:text-fg"
                >
                  {t(`pages.legal.${legalPages[path].key}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
