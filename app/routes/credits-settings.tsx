import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { z } from "~/modules/validation/zod";
import { localePath } from "~/components/use-locale";
import { services } from "~/modules/app.server";
import { readCreditSettings } from "~/modules/credits/ledger.server";
import { creditSettings } from "~/modules/db/schema";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { readForm } from "~/modules/http/read-form.server";
import { getT } from "~/modules/i18n/i18n";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/credits-settings";

export function meta({ location }: Route.MetaArgs) {
  const t = getT(localeFromUrl(new URL(location.pathname, "http://local")));
  return [{ title: t("credits.admin.title") }];
}

const kinds = ["photo", "illustration", "vector", "video", "audio", "ebook"] as const;
const amount = z.coerce.number().int().min(1).max(10_000);
const settingsSchema = z.object({
  photoCost: amount,
  illustrationCost: amount,
  vectorCost: amount,
  videoCost: amount,
  audioCost: amount,
  ebookCost: amount,
  infinityDailyLimit: amount,
});

/** Admins only: the credit cost of each kind and Infinity's daily limit. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAccess(context, "admin");
  const row = await readCreditSettings((await services()).db);
  const settings = {
    photoCost: row.photoCost,
    illustrationCost: row.illustrationCost,
    vectorCost: row.vectorCost,
    videoCost: row.videoCost,
    audioCost: row.audioCost,
    ebookCost: row.ebookCost,
    infinityDailyLimit: row.infinityDailyLimit,
  };
  return { settings };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAccess(context, "admin");
  const app = await services();
  const locale = localeFromUrl(new URL(request.url));
  const parsed = settingsSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ invalid: true }, { status: 400 });
  await app.db
    .insert(creditSettings)
    .values({ id: 1, ...parsed.data })
    .onConflictDoUpdate({
      target: creditSettings.id,
      set: { ...parsed.data, updatedAt: new Date() },
    });
  const headers = new Headers();
  await setFlash(headers, { kind: "success", key: "credits.admin.saved" });
  return redirect(localePath(locale, "/credits/settings"), { headers });
}

export default function CreditSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  return (
    <div className="container-page max-w-xl py-8">
      <h1 className="text-2xl font-bold">{t("credits.admin.title")}</h1>
      {actionData?.invalid ? (
        <p role="alert" className="mt-3 text-danger">
          {t("credits.admin.invalid")}
        </p>
      ) : null}
      <Form method="post" className="card mt-6 space-y-4 p-5">
        {kinds.map((kind) => (
          <label key={kind} className="flex items-center justify-between gap-3">
            <span>{t("credits.admin.costOf", { kind: t(`commerce.kind.${kind}`) })}</span>
            <input
              type="number"
              name={`${kind}Cost`}
              min={1}
              max={10000}
              required
              defaultValue={settings[`${kind}Cost`]}
              className="field-input w-28"
            />
          </label>
        ))}
        <label className="flex items-center justify-between gap-3">
          <span>{t("credits.admin.dailyLimit")}</span>
          <input
            type="number"
            name="infinityDailyLimit"
            min={1}
            max={10000}
            required
            defaultValue={settings.infinityDailyLimit}
            className="field-input w-28"
          />
        </label>
        <button type="submit" className="btn-primary">
          {t("credits.admin.save")}
        </button>
      </Form>
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
