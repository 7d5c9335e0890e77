import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { StudioPage } from "~/components/studio/studio-page";
import { textTranslator } from "~/modules/ai/translator.server";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import { isLocale } from "~/modules/i18n/locale";
import { studioAction } from "~/modules/studio/studio-action.server";
import type { StudioActionResult } from "~/modules/studio/studio-action-result";
import { studioPageData } from "~/modules/studio/studio-page.server";
import type { Route } from "./+types/product-management";

const guard = { message: "sellerOnly", visitorMessage: "unauthorized" } as const;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "productManagement");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", guard);
  const locale = isLocale(params.lang) ? params.lang : "fr";
  return {
    ...(await studioPageData((await services()).db, viewer.id, locale)),
    /** Whether the AI provider can fill one language from the other (decision 0049). */
    canTranslate: textTranslator().configured,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", guard);
  const locale = isLocale(params.lang) ? params.lang : "fr";
  const result = await studioAction(await services(), viewer, await readForm(request), locale);
  if (!result) throw data(null, { status: 400 });
  return result.ok ? result : data(result, { status: result.status });
}

/** Once nothing is left in the studio the page leaves on its own; don't reload it meanwhile. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const result = actionResult as StudioActionResult | undefined;
  if (result?.ok && "remaining" in result && result.remaining === 0) return false;
  return defaultShouldRevalidate;
}

export default function ProductManagement({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StudioPage loaderData={loaderData} actionData={actionData as StudioActionResult | undefined} />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
