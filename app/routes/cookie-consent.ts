import { redirect } from "react-router";
import { readForm } from "~/modules/http/read-form.server";
import { safeRedirectTarget } from "~/modules/http/safe-redirect";
import { consentChoices, consentHeader } from "~/modules/pages/cookie-consent.server";
import type { Route } from "./+types/cookie-consent";

/** Records the cookie notice's answer ("reset" asks again), then goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const choice = consentChoices.find((candidate) => candidate === form.get("choice")) ?? null;
  return redirect(safeRedirectTarget(form.get("redirectTo")) ?? "/", {
    headers: { "Set-Cookie": await consentHeader(choice) },
  });
}

export function loader() {
  return redirect("/fr/cookie-policy");
}
