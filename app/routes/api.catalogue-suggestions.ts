import { services } from "~/modules/app.server";
import { catalogueCache } from "~/modules/catalogue/catalogue-cache.server";
import { isLocale } from "~/modules/i18n/locale";
import type { Route } from "./+types/api.catalogue-suggestions";

/**
 * The marketplace search box's suggestions while typing (decision record 0059): items, tags and
 * creators on sale, in JSON. Public, like the marketplace: it shows nothing the marketplace
 * does not.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const typed = (params.get("q") ?? "").slice(0, 100);
  const lang = params.get("lang");
  const locale = lang && isLocale(lang) ? lang : "fr";
  const { db, events } = await services();
  const suggestions = await catalogueCache(db, events).suggestions(typed, locale);
  return Response.json(suggestions, { headers: { "Cache-Control": "no-store" } });
}
