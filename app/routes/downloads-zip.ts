import { Readable } from "node:stream";
import { data, redirect } from "react-router";
import { services } from "~/modules/app.server";
import { zipSelection, zipStream } from "~/modules/commerce/downloads-zip.server";
import { zipLimits } from "~/modules/commerce/zip-limits";
import { attachmentDisposition } from "~/modules/http/content-disposition";
import { setFlash } from "~/modules/http/flash.server";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { formatBytes } from "~/modules/i18n/i18n";
import { isLocale } from "~/modules/i18n/locale";
import type { Route } from "./+types/downloads-zip";

/**
 * POST /downloads/zip (id=…, id=…, lang) — several originals as one archive, streamed
 * (decision record 0060). The session decides who asks; every file passes the single
 * download's check, and one that does not answers 404 for the whole archive, as
 * /downloads/:uploadId does. A selection past the limits goes back to the downloads tab with
 * a translated message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(context);
  if (!viewer) throw data(null, { status: 404 });
  const form = await readForm(request);
  const lang = form.get("lang");
  const locale = isLocale(lang) ? lang : "fr";
  const ids = form.getAll("id").filter((value): value is string => typeof value === "string");
  const app = await services();
  const selection = await zipSelection(app, viewer, ids);
  if ("refused" in selection) {
    if (selection.refused === "notFound") throw data(null, { status: 404 });
    const headers = new Headers();
    await setFlash(headers, {
      kind: "error",
      key: `commerce.zip.${selection.refused}`,
      params: { files: zipLimits.files, size: formatBytes(locale, zipLimits.bytes) },
    });
    return redirect(`/${locale}/buyer-dashboard?tab=downloads`, { status: 303, headers });
  }
  const { stream, length } = await zipStream(app.storage, selection.entries);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      ...(length >= 0 ? { "Content-Length": String(length) } : {}),
      "Content-Disposition": attachmentDisposition(`vitrine-${day}.zip`),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** The archive is a form's answer; a link to it leads to the downloads tab. */
export function loader() {
  return redirect("/fr/buyer-dashboard?tab=downloads");
}
