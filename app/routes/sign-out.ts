import { redirect } from "react-router";
import { signOut } from "~/modules/accounts/accounts.server";
import { services } from "~/modules/app.server";
import { appendSetCookies, setFlash } from "~/modules/http/flash.server";
import { readForm } from "~/modules/http/read-form.server";
import { requestOrigin } from "~/modules/http/request-context.server";
import { isLocale } from "~/modules/i18n/locale";
import type { Route } from "./+types/sign-out";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const lang = form.get("lang");
  const locale = isLocale(lang) ? lang : "fr";
  const headers = new Headers();
  try {
    appendSetCookies(headers, await signOut(await services(), requestOrigin(context, request)));
    await setFlash(headers, { kind: "success", key: "auth.success.signedOut" });
  } catch {
    await setFlash(headers, { kind: "error", key: "auth.errors.signOutFailed" });
  }
  return redirect(`/${locale}/auth`, { headers });
}

export function loader() {
  return redirect("/fr");
}
