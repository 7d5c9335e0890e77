import { useSignInPath } from "~/components/shared/sign-in-path";
import { FileCheck, Infinity as InfinityIcon, Layers, Unlock } from "lucide-react";
import { and, count, eq, isNull } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { readCreditSettings } from "~/modules/credits/ledger.server";
import { heldSubscriptionView } from "~/modules/credits/subscription-checkout.server";
import { HeldSubscriptionCard } from "~/components/credits/held-subscription";
import { infinity } from "~/modules/credits/plans";
import { contentSubmissions } from "~/modules/db/schema";
import { getViewer } from "~/modules/http/request-context.server";
import { formatMoney, getT } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/infinity";

export function meta({ location }: Route.MetaArgs) {
  const t = getT(localeFromUrl(new URL(location.pathname, "http://local")));
  return [{ title: t("credits.metaInfinity") }];
}

/** Public: the Infinity offer with its monthly/annual switch and the real library counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = await services();
  const viewer = await getViewer(context);
  const billing = new URL(request.url).searchParams.get("billing") === "year" ? "year" : "month";
  const rows = await app.db
    .select({ kind: contentSubmissions.kind, n: count() })
    .from(contentSubmissions)
    .where(and(eq(contentSubmissions.status, "approved"), isNull(contentSubmissions.deletedAt)))
    .groupBy(contentSubmissions.kind);
  const byKind = Object.fromEntries(rows.map((row) => [row.kind, row.n])) as Record<string, number>;
  const { infinityDailyLimit } = await readCreditSettings(app.db);
  return {
    signedIn: Boolean(viewer),
    held: await heldSubscriptionView(app.db, viewer?.id ?? null, "infinity"),
    billing: billing as "month" | "year",
    limit: infinityDailyLimit,
    library: {
      photos: (byKind.photo ?? 0) + (byKind.illustration ?? 0),
      videos: byKind.video ?? 0,
      vectors: byKind.vector ?? 0,
      audio: byKind.audio ?? 0,
    },
  };
}

export default function InfinityPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const signInHere = useSignInPath(locale);
  const { signedIn, held, billing, limit, library } = loaderData;
  const money = (cents: number) => formatMoney(locale, cents);
  const base = localePath(locale, "/infinity");
  const yearly = billing === "year";
  return (
    <div className="container-page py-10">
      <section className="text-center">
        <InfinityIcon className="mx-auto h-10 w-10 text-accent" aria-hidden="true" />
        <h1 className="mt-2 text-3xl font-bold">{t("credits.infinity.title")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{t("credits.infinity.subtitle")}</p>
        {/* A subscriber already holds a plan: no billing period left to choose. */}
        {held ? null : (
          <nav
            className="mt-6 flex items-center justify-center gap-2"
            aria-label={t("credits.infinity.title")}
          >
            <Link
              to={base}
              className={yearly ? "btn-secondary" : "btn-primary"}
              aria-current={yearly ? undefined : "page"}
              preventScrollReset
            >
              {t("credits.infinity.monthly")}
            </Link>
            <Link
              to={`${base}?billing=year`}
              className={yearly ? "btn-primary" : "btn-secondary"}
              aria-current={yearly ? "page" : undefined}
              preventScrollReset
            >
              {t("credits.infinity.annual")}
            </Link>
            <span className="rounded-full bg-accent-soft px-2 py-1 text-xs font-semibold text-fg">
              {t("credits.infinity.save11")}
            </span>
          </nav>
        )}
      </section>

      <section className="card mx-auto mt-8 max-w-md p-6 text-center" data-testid="infinity-card">
        {held ? null : (
          <>
            <p className="text-muted">
              {t("credits.infinity.was")}{" "}
              <s data-testid="infinity-was">
                {money(yearly ? infinity.annualWasCents : infinity.monthlyWasCents)}
              </s>
            </p>
            <p className="mt-1 text-3xl font-bold" data-testid="infinity-price">
              {t("credits.infinity.perMonth", {
                price: money(yearly ? infinity.annualPerMonthCents : infinity.monthlyCents),
              })}
            </p>
            {yearly ? (
              <p className="text-sm text-muted">
                {t("credits.infinity.billedYearly", {
                  price: money(infinity.annualPerMonthCents * 12),
                })}
              </p>
            ) : null}
          </>
        )}
        <p className="mt-3 text-sm">{t("credits.infinity.fairUse", { limit })}</p>
        {held ? (
          <HeldSubscriptionCard locale={locale} held={held} />
        ) : signedIn ? (
          <Form method="post" action={localePath(locale, "/credits")} className="mt-4">
            <input type="hidden" name="intent" value="subscribe" />
            <input type="hidden" name="planId" value="infinity" />
            <input type="hidden" name="billing" value={billing} />
            <button type="submit" className="btn-primary w-full">
              {t("credits.infinity.subscribe")}
            </button>
          </Form>
        ) : (
          <Link to={signInHere} className="btn-secondary mt-4 w-full">
            {t("credits.signInToBuy")}
          </Link>
        )}
        <p className="mt-2 text-xs text-muted">{t("credits.vatNote")}</p>
      </section>

      <section className="mt-12" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="text-2xl font-semibold">
          {t("credits.infinity.benefitsTitle")}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(
            [
              [InfinityIcon, "benefit1"],
              [Layers, "benefit2"],
              [FileCheck, "benefit3"],
              [Unlock, "benefit4"],
            ] as const
          ).map(([Icon, key]) => (
            <li key={key} className="card p-5">
              <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
              <h3 className="mt-2 font-semibold">{t(`credits.infinity.${key}`)}</h3>
              <p className="text-sm text-muted">{t(`credits.infinity.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12" aria-labelledby="library-title">
        <h2 id="library-title" className="text-2xl font-semibold">
          {t("credits.infinity.libraryTitle")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
          {(["photos", "videos", "vectors", "audio"] as const).map((key) => (
            <div key={key} className="card p-5 text-center" data-testid={`library-${key}`}>
              <dt className="text-sm text-muted">{t(`credits.infinity.${key}`)}</dt>
              <dd className="text-2xl font-bold">
                {new Intl.NumberFormat(locale).format(library[key])}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
