import { eq } from "drizzle-orm";
import { data } from "react-router";
import { services } from "~/modules/app.server";
import {
  downloadableOriginal,
  originalResponse,
  verifyDownloadLink,
} from "~/modules/commerce/downloads.server";
import { userRoles } from "~/modules/db/schema";
import type { Route } from "./+types/downloads-file";

/**
 * GET /downloads/:uploadId/file?u&e&s — the signed link: streams the original as an attachment.
 * The right is checked again, so a refund or a dispute stops a link already handed out.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const app = await services();
  const userId = verifyDownloadLink(app.secret, params.uploadId, new URL(request.url).searchParams);
  if (!userId) throw data(null, { status: 404 });
  const [role] = await app.db.select().from(userRoles).where(eq(userRoles.userId, userId));
  const upload = role
    ? await downloadableOriginal(app.db, { id: userId, role: role.role }, params.uploadId)
    : null;
  const response = upload ? await originalResponse(app, upload, request.method) : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
