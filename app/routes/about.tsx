import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/pages/page-header";
import { localePath, useLocale } from "~/components/use-locale";
import { publicPageMeta } from "~/modules/http/meta";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/about";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, "about");
}

const creators = ["photo", "video", "audio", "illustration", "ebook"] as const;
const audiences = ["brands", "media", "smb", "education"] as const;

export default function About() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t("pages.about.title")} intro={t("pages.about.intro")} />
      <div className="container-page grid gap-6 py-12 md:grid-cols-2">
        <section className="card p-6" aria-labelledby="about-mission">
          <h2 id="about-mission" className="text-xl font-semibold">
            {t("pages.about.missionTitle")}
          </h2>
          <p className="mt-3 text-muted">{t("pages.about.mission")}</p>
        </section>
        <section className="card p-6" aria-labelledby="about-vision">
          <h2 id="about-vision" className="text-xl font-semibold">
            {t("pages.about.visionTitle")}
          </h2>
          <p className="mt-3 text-muted">{t("pages.about.vision")}</p>
        </section>
        <section className="card p-6" aria-labelledby="about-creators">
          <h2 id="about-creators" className="text-xl font-semibold">
            {t("pages.about.creatorsTitle")}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
            {creators.map((key) => (
              <li key={key}>{t(`pages.about.creators.${key}`)}</li>
            ))}
          </ul>
        </section>
        <section className="card p-6" aria-labelledby="about-serve">
          <h2 id="about-serve" className="text-xl font-semibold">
            {t("pages.about.serveTitle")}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
            {audiences.map((key) => (
              <li key={key}>{t(`pages.about.serve.${key}`)}</li>
            ))}
          </ul>
        </section>
      </div>
      <section className="container-page pb-4" aria-labelledby="about-cta">
        <h2 id="about-cta" className="text-xl font-semibold">
          {t("pages.about.ctaTitle")}
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={localePath(locale, "/packages-pricing")} className="btn-primary">
            {t("pages.about.ctaPricing")}
          </Link>
          <Link to={localePath(locale, "/auth/seller")} className="btn-secondary">
            {t("pages.about.ctaSeller")}
          </Link>
          <Link to={localePath(locale, "/contact")} className="btn-secondary">
            {t("pages.about.ctaContact")}
          </Link>
        </div>
      </section>
    </>
  );
}
