import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "~/components/shell/toasts";
import { AdminFrame } from "~/components/admin/admin-frame";
import { BulkDecisions } from "~/components/admin/bulk-decisions";
import { ModerationCard } from "~/components/admin/moderation-card";
import { ModerationFilters } from "~/components/admin/moderation-filters";
import { Pager } from "~/components/shared/pager";
import { ShortcutHelp } from "~/components/admin/shortcut-help";
import { useModerationShortcuts } from "~/components/admin/use-moderation-shortcuts";
import { FormAlert } from "~/components/shared/field";
import { AdminError } from "~/modules/admin/admin-error";
import { listPendingSubmissions, moderationFiltersFrom } from "~/modules/admin/moderation.server";
import { decideModeration, moderationListAddress } from "~/modules/admin/moderation-action.server";
import { pageFrom } from "~/modules/admin/pagination";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/admin.moderation";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "adminModeration"), { name: "robots", content: "noindex" }];
}

const guard = { message: "adminOnly" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, "admin", guard);
  const url = new URL(request.url);
  const { db } = await services();
  const filters = moderationFiltersFrom(url.searchParams);
  const list = await listPendingSubmissions(
    db,
    localeFromUrl(url),
    pageFrom(url.searchParams.get("page")),
    filters,
  );
  return { ...list, filters };
}

/**
 * One decision or a bulk one (moderation-action.server.ts), then back to the same page of the
 * list with its toast; a refusal (another admin was faster, unknown item) stays on the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "admin", guard);
  const form = await readForm(request);
  try {
    const notice = await decideModeration(await services(), viewer, form);
    const headers = new Headers();
    await setFlash(headers, notice);
    // Back to the same page of the list (the request's own URL may be the data endpoint's).
    return redirect(moderationListAddress(new URL(request.url)), { headers });
  } catch (error) {
    if (error instanceof AdminError) return data({ error: error.code }, error.status);
    throw error;
  }
}

/** After a refusal (another admin was faster), reload the list so it shows the truth. */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || actionStatus === 409 || defaultShouldRevalidate;
}

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { rows, total, page, pageCount, filters } = loaderData;
  const ids = rows.map((row) => row.id);
  const { current, setCurrent } = useModerationShortcuts(ids);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A reloaded list keeps only the ticks of items still in it.
  const chosen = ids.filter((id) => selected.has(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  useEffect(() => {
    if (actionData?.error)
      toast.error(t("admin.moderation.updateError"), {
        description: t(`admin.errors.${actionData.error}`),
      });
  }, [actionData, t]);

  const busy = (id: string) =>
    navigation.state !== "idle" && navigation.formData?.get("submissionId") === id;

  return (
    <AdminFrame current="moderation" title={t("admin.moderation.title")}>
      {actionData?.error ? (
        <div className="mb-4">
          <FormAlert
            title={t("admin.moderation.updateError")}
            message={t(`admin.errors.${actionData.error}`)}
          />
        </div>
      ) : null}
      <ModerationFilters filters={filters} />
      <ShortcutHelp />
      {total === 0 ? (
        <p className="card p-10 text-center text-muted">{t("admin.moderation.empty")}</p>
      ) : (
        <>
          <p className="text-sm text-muted">{t("admin.moderation.count", { count: total })}</p>
          <BulkDecisions
            ids={ids}
            chosen={chosen}
            onSelectAll={(on) => setSelected(new Set(on ? ids : []))}
            idle={navigation.state === "idle"}
          />
          <ul className="mt-4 space-y-4">
            {rows.map((item) => (
              <ModerationCard
                key={item.id}
                item={item}
                current={current === item.id}
                onFocus={() => setCurrent(item.id)}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
                busy={busy(item.id)}
              />
            ))}
          </ul>
          <Pager page={page} pageCount={pageCount} />
        </>
      )}
    </AdminFrame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
