import { data } from "react-router";
import { services } from "~/modules/app.server";
import { requireAccess } from "~/modules/http/guard.server";
import { localeFromUrl } from "~/modules/i18n/locale";
import { statementCsv } from "~/modules/payouts/statement-csv.server";
import type { Route } from "./+types/seller-statement";

/** GET ?month=YYYY-MM: the signed-in seller's monthly statement as CSV (their ledger only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", {
    message: "sellerOnly",
    visitorMessage: "unauthorized",
  });
  const url = new URL(request.url);
  const month = url.searchParams.get("month") ?? new Date().toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw data(null, { status: 400 });
  const { db } = await services();
  const csv = await statementCsv(db, viewer.id, month, localeFromUrl(url));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="vitrine-statement-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
