import { data } from "react-router";
import { services } from "~/modules/app.server";
import { isSiteHeroName, siteHeroFiles } from "~/modules/demo/site-hero.server";
import { fileResponse } from "~/modules/http/file-response.server";
import type { Route } from "./+types/site-asset";

/** GET /site/(hero.mp4|hero.jpg): the home page's hero clip and its poster, in byte ranges too. */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isSiteHeroName(params.name)) throw data(null, { status: 404 });
  const { key, contentType } = siteHeroFiles[params.name];
  const { storage } = await services();
  const file = await storage.open(key, contentType);
  if (!file) throw data(null, { status: 404 });
  // Made once and never changed: an hour, then revalidated with its ETag.
  return fileResponse(file, request, "public, max-age=3600");
}
