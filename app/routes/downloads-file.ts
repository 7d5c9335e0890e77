import { data } from "react-router";
import { services } from "~/modules/app.server";
import { originalResponse, signedOriginal } from "~/modules/commerce/downloads.server";
import type { Route } from "./+types/downloads-file";

/**
 * GET /downloads/:uploadId/file?u&e&s — the signed link: streams the original as an attachment.
 * The right is checked again, so a refund or a dispute stops a link already handed out. The
 * production server sends these files itself, with the same checks (server/send-file.js).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const app = await services();
  const file = await signedOriginal(app, params.uploadId, new URL(request.url).searchParams);
  if (!file) throw data(null, { status: 404 });
  return originalResponse(file, request.method);
}
