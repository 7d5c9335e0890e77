import { services } from "~/modules/app.server";
import { handleUploadRequest } from "~/modules/uploads/upload-server.server";
import type { Route } from "./+types/api.uploads";

/**
 * The tus endpoint (/api/uploads and /api/uploads/:id). Every request is checked by the upload
 * server's hooks: signed-in creator or admin, and the uploader alone for an existing upload.
 */
async function handle(request: Request): Promise<Response> {
  return handleUploadRequest(await services(), request);
}

/**
 * HEAD answers a client resuming an upload. GET would hand the original back (tus's optional
 * download): originals leave only through signed links, so it is refused.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (request.method === "GET") {
    return new Response(null, { status: 405, headers: { Allow: "HEAD, PATCH, DELETE, OPTIONS" } });
  }
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
