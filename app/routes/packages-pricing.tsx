import { useSignInPath } from "~/components/shared/sign-in-path";
import { Check, Download, Gem, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { localePath } from "~/components/use-locale";
import { describeContents } from "~/modules/credits/contents";
import {
  creditPacks,
  creditPlans,
  yearlyPerMonthCents,
  yearlyTotalCents,
} from "~/modules/credits/plans";
import { getViewer } from "~/modules/http/request-context.server";
import { services } from "~/modules/app.server";
import { heldSubscriptionView } from "~/modules/credits/subscription-checkout.server";
import { HeldSubscriptionCard } from "~/components/credits/held-subscription";
import { formatMoney, getT } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/packages-pricing";

export function meta({ location }: Route.MetaArgs) {
  const t = getT(localeFromUrl(new URL(location.pathname, "http://local")));
  return [{ title: t("credits.metaPricing") }];
}

/** Public: six packs, four plans with the monthly/yearly switch (?billing=year), features. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  const app = await services();
  const billing = new URL(request.url).searchParams.get("billing") === "year" ? "year" : "month";
  return {
    signedIn: Boolean(viewer),
    billing: billing as "month" | "year",
    // The credit plan the buyer holds, if any: one at a time.
    held: await heldSubscriptionView(app.db, viewer?.id ?? null, "plan"),
  };
}

export default function PackagesPricing({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = params.lang === "en" ? "en" : "fr";
  const signInHere = useSignInPath(locale);
  const { signedIn, billing, held } = loaderData;
  const money = (cents: number) => formatMoney(locale, cents);
  const action = localePath(locale, "/credits");
  const base = localePath(locale, "/packages-pricing");
  const buyButton = (label: string, aria: string) =>
    signedIn ? (
      <button type="submit" className="btn-primary mt-4 w-full" aria-label={aria}>
        {label}
      </button>
    ) : (
      <Link to={signInHere} className="btn-secondary mt-4 w-full">
        {t("credits.signInToBuy")}
      </Link>
    );
  return (
    <div className="container-page py-10">
      <section className="text-center">
        <h1 className="text-3xl font-bold">{t("credits.hero.title")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{t("credits.hero.subtitle")}</p>
      </section>

      <section className="mt-10" aria-labelledby="packs-title">
        <h2 id="packs-title" className="text-2xl font-semibold">
          {t("credits.packsTitle")}
        </h2>
        <p className="text-sm text-muted">{t("credits.packsNote")}</p>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {creditPacks.map((pack) => (
            <li key={pack.id} className="card flex flex-col p-5" data-testid="credit-pack">
              <h3 className="text-lg font-semibold">
                {t("credits.credits", { count: pack.credits })}
              </h3>
              <p className="mt-1 text-2xl font-bold">{money(pack.priceCents)}</p>
              <p className="mt-2 flex-1 text-sm text-muted">{describeContents(t, pack)}</p>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="buy-pack" />
                <input type="hidden" name="packId" value={pack.id} />
                {buyButton(t("credits.buy"), t("credits.buyPack", { count: pack.credits }))}
              </Form>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12" aria-labelledby="plans-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="plans-title" className="text-2xl font-semibold">
              {t("credits.plansTitle")}
            </h2>
            <p className="text-sm text-muted">{t("credits.plansNote")}</p>
          </div>
          <nav className="flex items-center gap-2" aria-label={t("credits.plansTitle")}>
            <Link
              to={base}
              className={billing === "month" ? "btn-primary" : "btn-secondary"}
              aria-current={billing === "month" ? "page" : undefined}
              preventScrollReset
            >
              {t("credits.monthly")}
            </Link>
            <Link
              to={`${base}?billing=year`}
              className={billing === "year" ? "btn-primary" : "btn-secondary"}
              aria-current={billing === "year" ? "page" : undefined}
              preventScrollReset
            >
              {t("credits.yearly")}
            </Link>
            <span className="rounded-full bg-accent-soft px-2 py-1 text-xs font-semibold text-fg">
              {t("credits.save16")}
            </span>
          </nav>
        </div>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {creditPlans.map((plan) => (
            <li
              key={plan.id}
              className={`card flex flex-col p-5 ${plan.popular ? "ring-2 ring-accent" : ""}`}
              data-testid="credit-plan"
            >
              {plan.popular ? (
                <p className="mb-2 self-start rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
                  {t("credits.bestValue")}
                </p>
              ) : null}
              <h3 className="text-lg font-semibold">
                {t("credits.credits", { count: plan.credits })}
              </h3>
              <p className="mt-1 text-2xl font-bold" data-testid="plan-price">
                {t("credits.perMonth", {
                  price: money(
                    billing === "year" ? yearlyPerMonthCents(plan.monthlyCents) : plan.monthlyCents,
                  ),
                })}
              </p>
              {billing === "year" ? (
                <p className="text-sm text-muted">
                  {t("credits.billedYearly", { price: money(yearlyTotalCents(plan.monthlyCents)) })}
                </p>
              ) : null}
              <p className="mt-2 flex-1 text-sm text-muted">{describeContents(t, plan)}</p>
              {held?.planId === plan.id ? (
                <HeldSubscriptionCard locale={locale} held={held} />
              ) : held ? (
                <p className="mt-4 text-sm text-muted">{t("credits.held.otherPlan")}</p>
              ) : (
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="subscribe" />
                  <input type="hidden" name="planId" value={plan.id} />
                  <input type="hidden" name="billing" value={billing} />
                  {buyButton(
                    t("credits.subscribe"),
                    t("credits.subscribePlan", { count: plan.credits }),
                  )}
                </Form>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted">{t("credits.vatNote")}</p>
      </section>

      <section className="mt-12" aria-labelledby="features-title">
        <h2 id="features-title" className="text-2xl font-semibold">
          {t("credits.features.title")}
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
          {(
            [
              [ShieldCheck, "licence"],
              [Gem, "premium"],
              [Download, "instant"],
            ] as const
          ).map(([Icon, key]) => (
            <li key={key} className="card p-5">
              <Icon className="h-6 w-6 text-accent" aria-hidden="true" />
              <h3 className="mt-2 font-semibold">{t(`credits.features.${key}`)}</h3>
              <p className="text-sm text-muted">{t(`credits.features.${key}Text`)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 flex items-center gap-2 text-sm">
          <Check className="h-4 w-4 text-accent" aria-hidden="true" />
          <Link to={localePath(locale, "/infinity")} className="underline">
            {t("credits.infinity.title")}
          </Link>
        </p>
      </section>
    </div>
  );
}
