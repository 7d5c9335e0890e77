import { FileDown, Printer } from "lucide-react";
import { localePath, useLocale } from "~/components/use-locale";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { services } from "~/modules/app.server";
import { certificateView } from "~/modules/commerce/certificate-view.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/certificate";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "certificate");
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const { db } = await services();
  const locale = localeFromUrl(new URL(request.url));
  const certificate = await certificateView(db, params.number, viewer, locale);
  if (!certificate) throw data(null, { status: 404 });
  return certificate;
}

export default function Certificate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows: Array<[string, string]> = [
    [t("commerce.certificate.buyer"), loaderData.buyer],
    [t("commerce.certificate.item"), loaderData.title],
    [t("commerce.certificate.licence"), loaderData.licence ?? ""],
    [t("commerce.certificate.terms"), loaderData.terms ?? ""],
    [t("commerce.certificate.date"), loaderData.date],
  ];
  return (
    <div className="container-page flex justify-center py-10">
      <article className="card w-full max-w-2xl p-8">
        <h1 className="text-2xl font-bold">{t("commerce.certificate.title")}</h1>
        <p className="mt-1 font-mono">
          {t("commerce.certificate.number", { number: loaderData.number })}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 text-sm text-muted">{t("commerce.certificate.perpetual")}</p>
        <div className="mt-6 flex flex-wrap gap-2 print:hidden">
          <button type="button" className="btn-secondary" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" />
            {t("commerce.certificate.print")}
          </button>
          <a
            href={localePath(locale, `/certificates/${loaderData.number}/pdf`)}
            className="btn-secondary"
            download
          >
            <FileDown className="h-4 w-4" aria-hidden="true" />
            {t("commerce.certificate.pdf")}
          </a>
        </div>
      </article>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
