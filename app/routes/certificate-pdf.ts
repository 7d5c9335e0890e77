import { data } from "react-router";
import { services } from "~/modules/app.server";
import { certificateView } from "~/modules/commerce/certificate-view.server";
import { requireAccess } from "~/modules/http/guard.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import type { Route } from "./+types/certificate-pdf";

/** The licence certificate as a PDF file: its holder or an admin only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const locale = localeFromUrl(new URL(request.url));
  const { db } = await services();
  const certificate = await certificateView(db, params.number, viewer, locale);
  if (!certificate) throw data(null, { status: 404 });
  // pdfkit and its font parser (several MiB of heap) are imported with the first PDF asked
  // for, not when the server starts (decision record 0011).
  const { certificatePdf } = await import("~/modules/commerce/certificate-pdf.server");
  return new Response(new Uint8Array(await certificatePdf(certificate, locale)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="vitrine-certificate-${certificate.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
