import { data } from "react-router";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import { anyReceipt } from "~/modules/credits/receipt-route.server";
import type { Route } from "./+types/receipt-pdf";

/** The receipt as a PDF file: the order's buyer or an admin only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "signedIn");
  const locale = localeFromUrl(new URL(request.url));
  const { db } = await services();
  const receipt = await anyReceipt(db, viewer, params, locale);
  if (!receipt) throw data(null, { status: 404 });
  // pdfkit and its font parser (several MiB of heap) are imported with the first PDF asked
  // for, not when the server starts (decision record 0011).
  const { receiptPdf } = await import("~/modules/payouts/receipt-pdf.server");
  return new Response(new Uint8Array(await receiptPdf(receipt, locale)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="vitrine-receipt-${receipt.reference}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
