import { textTranslator } from "~/modules/ai/translator.server";
import { access } from "~/modules/auth/roles";
import { readForm } from "~/modules/http/read-form.server";
import { getViewer } from "~/modules/http/request-context.server";
import { otherLocale } from "~/modules/i18n/bilingual-text";
import { getT } from "~/modules/i18n/i18n";
import { isLocale } from "~/modules/i18n/locale";
import { maxDescriptionLength, maxTitleLength } from "~/modules/studio/product-form";
import { addTags } from "~/modules/studio/tags";
import type { Route } from "./+types/api.studio-translate";

/**
 * Translates a product's text from one language into the other for the studio (POST lang: the
 * page's, from: fr or en, title, description, repeated tags). Sellers only. Answers JSON
 * `{ text }`, or `{ message }` with 503 when no provider is configured or it failed: the seller
 * then writes the other language (decision 0049).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const lang = String(form.get("lang") ?? "fr");
  const t = getT(isLocale(lang) ? lang : "fr");
  const viewer = await getViewer(context);
  if (!viewer)
    return Response.json({ message: t("uploads.errors.notAuthenticated") }, { status: 401 });
  if (!(access.seller as readonly string[]).includes(viewer.role))
    return Response.json({ message: t("uploads.errors.forbidden") }, { status: 403 });
  const fromValue = String(form.get("from") ?? "");
  if (!isLocale(fromValue)) return Response.json({ message: "from" }, { status: 400 });
  const text = {
    title: String(form.get("title") ?? "")
      .trim()
      .slice(0, maxTitleLength),
    description: String(form.get("description") ?? "")
      .trim()
      .slice(0, maxDescriptionLength),
    tags: addTags([], form.getAll("tags").map(String).join("\n")),
  };
  const translator = textTranslator();
  const noProvider = t(
    `studio.languages.${otherLocale(fromValue) === "fr" ? "noProviderFr" : "noProviderEn"}`,
  );
  if (!translator.configured) return Response.json({ message: noProvider }, { status: 503 });
  const result = await translator.translate(
    text,
    fromValue,
    otherLocale(fromValue),
    request.signal,
  );
  if (!result.ok)
    return Response.json({ message: t("studio.languages.translateFailed") }, { status: 503 });
  return Response.json({ text: result.text });
}
