import { data } from "react-router";
import { services } from "~/modules/app.server";
import { fileResponse } from "~/modules/http/file-response.server";
import { getViewer } from "~/modules/http/request-context.server";
import { derivativeAudience } from "~/modules/media/media-access.server";
import { mediaCacheControl } from "~/modules/media/media-cache";
import { isDerivativeName, openDerivative } from "~/modules/storage/file-storage.server";
import type { Route } from "./+types/media";

/**
 * Derived files of an upload: /media/:uploadId/(thumbnail|preview|poster|clip|audio)[?v=]. There
 * is no variant for the original: originals only leave through signed download links. The files
 * are streamed by the app from either storage (docs/decisions/0045), with an ETag.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const variant = params.variant;
  if (!isDerivativeName(variant)) throw data(null, { status: 404 });
  const { db, storage } = await services();
  const access = await derivativeAudience(db, await getViewer(context), params.uploadId);
  const version = access?.derivatives[variant];
  const file = version ? await openDerivative(storage, params.uploadId, variant) : null;
  if (!access || !version || !file) throw data(null, { status: 404 });
  const requested = new URL(request.url).searchParams.get("v");
  return fileResponse(
    file,
    request,
    mediaCacheControl(access.audience, requested !== null && requested === version),
  );
}
