import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { localePath, useLocale } from "~/components/use-locale";
import { AdminFrame } from "~/components/admin/admin-frame";
import { FormAlert } from "~/components/shared/field";
import { AdminError, type AdminErrorCode } from "~/modules/admin/admin-error";
import { bpsToPercentText, centsToEurosText } from "~/modules/admin/settings-form";
import { licenceSchema, platformSettingsSchema } from "~/modules/admin/settings-schemas.server";
import { readSettings, updateLicence, updateSettings } from "~/modules/admin/settings.server";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import { listLicences } from "~/modules/pricing/licences.server";
import type { Route } from "./+types/admin.settings";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminSettings"), { name: "robots", content: "noindex" }];
}

const guard = { message: "adminOnly" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", guard);
  const { db } = await services();
  const [settings, licences] = await Promise.all([readSettings(db), listLicences(db)]);
  return { settings, licences };
}

type ActionError = { form: string; error: AdminErrorCode };

/** Saves the platform settings (intent=settings) or one licence (intent=licence). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "admin", guard);
  const url = new URL(request.url);
  const locale = localeFromUrl(url);
  const form = await readForm(request);
  const fields = Object.fromEntries(
    [...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]),
  );
  const { db, events } = await services();
  const headers = new Headers();
  try {
    if (form.get("intent") === "settings") {
      const parsed = platformSettingsSchema.safeParse(fields);
      if (!parsed.success)
        return data<ActionError>({ form: "settings", error: "invalidSettings" }, 400);
      await updateSettings(db, viewer, parsed.data);
      await setFlash(headers, { kind: "success", key: "admin.settings.saved" });
      return redirect(`/${locale}/admin/settings`, { headers });
    }
    if (form.get("intent") === "licence") {
      const parsed = licenceSchema.safeParse(fields);
      const target = String(form.get("licenceId") ?? "");
      if (!parsed.success)
        return data<ActionError>({ form: `licence-${target}`, error: "invalidSettings" }, 400);
      await updateLicence(db, viewer, parsed.data);
      // Product and licence pages show prices and texts: visitors see them at once (0061).
      events.publish({ type: "pages.changed", change: "licences" });
      await setFlash(headers, {
        kind: "success",
        key: "admin.settings.licenceSaved",
        params: { name: locale === "fr" ? parsed.data.nameFr : parsed.data.nameEn },
      });
      return redirect(`/${locale}/admin/settings`, { headers });
    }
    return data<ActionError>({ form: "settings", error: "invalidSettings" }, 400);
  } catch (error) {
    if (error instanceof AdminError)
      return data<ActionError>({ form: "settings", error: error.code }, error.status);
    throw error;
  }
}

function Toggle({
  name,
  label,
  hint,
  checked,
}: {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={`setting-${name}`}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        aria-describedby={`setting-${name}-hint`}
        className="mt-1 h-4 w-4 accent-[var(--accent)]"
      />
      <div>
        <label htmlFor={`setting-${name}`} className="font-medium">
          {label}
        </label>
        <p id={`setting-${name}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const { settings, licences } = loaderData;
  const alert = (form: string) =>
    actionData?.form === form ? (
      <FormAlert
        title={t("admin.moderation.updateError")}
        message={t(`admin.errors.${actionData.error}`)}
      />
    ) : null;
  return (
    <AdminFrame current="settings" title={t("admin.settings.title")}>
      <Form method="post" className="card max-w-2xl space-y-5 p-4 sm:p-6">
        <input type="hidden" name="intent" value="settings" />
        {alert("settings")}
        <Toggle
          name="aiAutoGenerateEnabled"
          label={t("admin.settings.aiAutoGenerate")}
          hint={t("admin.settings.aiAutoGenerateHint")}
          checked={settings.aiAutoGenerateEnabled}
        />
        <Toggle
          name="autoApproveOnPublish"
          label={t("admin.settings.autoApprove")}
          hint={t("admin.settings.autoApproveHint")}
          checked={settings.autoApproveOnPublish}
        />
        <div>
          <label htmlFor="setting-commission" className="field-label">
            {t("admin.settings.commission")}
          </label>
          <input
            id="setting-commission"
            name="commissionRateBps"
            inputMode="decimal"
            required
            defaultValue={bpsToPercentText(settings.commissionRateBps)}
            aria-describedby="setting-commission-hint"
            className="field-input max-w-40"
          />
          <p id="setting-commission-hint" className="mt-1 text-xs text-muted">
            {t("admin.settings.commissionHint")}
          </p>
        </div>
        <p className="text-sm">
          <Link
            to={localePath(locale, "/credits/settings")}
            className="text-accent hover:underline"
          >
            {t("admin.settings.creditsLink")}
          </Link>
        </p>
        <button type="submit" className="btn-primary" disabled={saving}>
          {t("admin.settings.save")}
        </button>
      </Form>

      <section className="mt-8" aria-labelledby="licences-title">
        <h3 id="licences-title" className="text-lg font-semibold">
          {t("admin.settings.licencesTitle")}
        </h3>
        <p className="mt-1 text-sm text-muted">{t("admin.settings.licencesHint")}</p>
        <div className="mt-4 grid gap-4 lg:grid-cols-3">
          {licences.map((licence) => {
            const name = i18n.language === "en" ? licence.nameEn : licence.nameFr;
            const id = (field: string) => `licence-${licence.id}-${field}`;
            return (
              <Form
                key={licence.id}
                method="post"
                className="card space-y-3 p-4"
                aria-labelledby={id("title")}
              >
                <h4 id={id("title")} className="font-semibold">
                  {name}
                </h4>
                <input type="hidden" name="intent" value="licence" />
                <input type="hidden" name="licenceId" value={licence.id} />
                {alert(`licence-${licence.id}`)}
                {(
                  [
                    ["surchargeCents", "surcharge", centsToEurosText(licence.surchargeCents)],
                    ["nameFr", "nameFr", licence.nameFr],
                    ["nameEn", "nameEn", licence.nameEn],
                  ] as const
                ).map(([field, label, value]) => (
                  <div key={field}>
                    <label htmlFor={id(field)} className="field-label">
                      {t(`admin.settings.${label}`)}
                    </label>
                    <input
                      id={id(field)}
                      name={field}
                      required
                      inputMode={field === "surchargeCents" ? "decimal" : undefined}
                      defaultValue={value}
                      className="field-input"
                    />
                  </div>
                ))}
                {(
                  [
                    ["descriptionFr", licence.descriptionFr],
                    ["descriptionEn", licence.descriptionEn],
                  ] as const
                ).map(([field, value]) => (
                  <div key={field}>
                    <label htmlFor={id(field)} className="field-label">
                      {t(`admin.settings.${field}`)}
                    </label>
                    <textarea
                      id={id(field)}
                      name={field}
                      required
                      rows={3}
                      defaultValue={value}
                      className="field-input"
                    />
                  </div>
                ))}
                <button type="submit" className="btn-secondary w-full" disabled={saving}>
                  {t("admin.settings.saveLicence", { name })}
                </button>
              </Form>
            );
          })}
        </div>
      </section>
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
