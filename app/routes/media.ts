import { data } from "react-router";
import { services } from "~/modules/app.server";
import { fileResponse } from "~/modules/http/file-response.server";
import { getViewer } from "~/modules/http/request-context.server";
import { derivativeAudience } from "~/modules/media/media-access.server";
import { derivativeNames, type DerivativeName } from "~/modules/storage/file-storage.server";
import type { Route } from "./+types/media";

/**
 * Derived files of an upload: /media/:uploadId/(thumbnail|preview|poster|clip|audio). There is
 * no variant for the original: originals only leave through signed download links.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const variant = params.variant as DerivativeName;
  if (!derivativeNames.includes(variant)) throw data(null, { status: 404 });
  const { db, storage } = await services();
  const access = await derivativeAudience(db, await getViewer(context), params.uploadId);
  const key = access?.derivatives[variant];
  const file = key ? await storage.openDerivative(key) : null;
  if (!access || !file) throw data(null, { status: 404 });
  return fileResponse(
    file,
    request,
    access.audience === "public" ? "public, max-age=3600" : "private, max-age=60",
  );
}
