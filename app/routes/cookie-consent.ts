import { redirect } from "react-router";
import { consentChoices, consentHeader } from "~/modules/pages/cookie-consent.server";
import type { Route } from "./+types/cookie-consent";

/** Only a path of this site: never another origin (no open redirect). */
function safeRedirect(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "/";
}

/** Records the cookie notice's answer ("reset" asks again), then goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = consentChoices.find((candidate) => candidate === form.get("choice")) ?? null;
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await consentHeader(choice) },
  });
}

export function loader() {
  return redirect("/fr/cookie-policy");
}
