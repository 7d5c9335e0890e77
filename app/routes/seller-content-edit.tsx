import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ContentEditPage } from "~/components/seller/content-edit-page";
import { ContentNotFound } from "~/components/seller/content-not-found";
import { textTranslator } from "~/modules/ai/translator.server";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import { contentEditAction } from "~/modules/studio/content-edit-action.server";
import type { ContentEditResult } from "~/modules/studio/content-edit-form";
import { contentEditPageData } from "~/modules/studio/content-edit-page.server";
import { StudioError } from "~/modules/studio/studio-error";
import type { Route } from "./+types/seller-content-edit";

const guardMessages = { message: "sellerOnly", visitorMessage: "unauthorized" } as const;

/** What the 404 of this page carries, so its boundary can say 'Contenu non trouvé…'. */
const notFound = () => data({ kind: "submission-not-found" as const }, 404);

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "sellerContentEdit");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", guardMessages);
  const locale = localeFromUrl(new URL(request.url));
  const { db } = await services();
  const page = await contentEditPageData(db, viewer, params.submissionId, locale);
  if (!page) throw notFound();
  /** Whether the AI provider can fill one language from the other (decision 0049). */
  return { ...page, canTranslate: textTranslator().configured };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", guardMessages);
  const locale = localeFromUrl(new URL(request.url));
  const form = await readForm(request);
  try {
    const outcome = await contentEditAction(
      await services(),
      viewer,
      params.submissionId,
      form,
      locale,
    );
    if ("refusal" in outcome) return data(outcome.refusal, outcome.status);
    const headers = new Headers();
    await setFlash(headers, { kind: "success", key: outcome.toast });
    return redirect(outcome.redirect, { headers });
  } catch (error) {
    if (error instanceof StudioError && error.code === "notFound") throw notFound();
    throw error;
  }
}

export default function SellerContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { canTranslate, ...page } = loaderData;
  return (
    <ContentEditPage
      data={page}
      result={actionData as ContentEditResult | undefined}
      canTranslate={canTranslate}
    />
  );
}

/** 'Contenu non trouvé ou accès refusé' for a submission that is missing or someone else's. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (
    isRouteErrorResponse(error) &&
    error.status === 404 &&
    (error.data as { kind?: string } | null)?.kind === "submission-not-found"
  )
    return <ContentNotFound />;
  return <RouteErrorBoundary />;
}
