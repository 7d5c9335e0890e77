import { data, redirect } from "react-router";
import { services } from "~/modules/app.server";
import { downloadableOriginal, signedDownloadPath } from "~/modules/commerce/downloads.server";
import { getViewer } from "~/modules/http/request-context.server";
import type { Route } from "./+types/downloads";

/**
 * GET /downloads/:uploadId — checks the right to the original (its buyers, its seller, admins)
 * and answers with a short-lived signed link to it. Anyone else gets 404, as if it did not exist.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = await getViewer(context);
  if (!viewer) throw data(null, { status: 404 });
  const app = await services();
  const upload = await downloadableOriginal(app.db, viewer, params.uploadId);
  if (!upload) throw data(null, { status: 404 });
  return redirect(signedDownloadPath(app.secret, upload.id, viewer.id), {
    headers: { "Cache-Control": "no-store" },
  });
}
