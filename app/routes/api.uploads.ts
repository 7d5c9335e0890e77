import { services } from "~/modules/app.server";
import type { Route } from "./+types/api.uploads";

/**
 * The tus endpoint (/api/uploads and /api/uploads/:id). Every request is checked by the upload
 * server's hooks: signed-in creator or admin, and the uploader alone for an existing upload.
 */
async function handle(request: Request): Promise<Response> {
  // tus's server and file store are imported with the first upload request, not at boot
  // (decision record 0011).
  const { handleUploadRequest } = await import("~/modules/uploads/upload-server.server");
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
