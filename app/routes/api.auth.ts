import { services } from "~/modules/app.server";
import type { Route } from "./+types/api.auth";

/** better-auth's own endpoints (OAuth callbacks, reset-link landing, session). */
export async function loader({ request }: Route.LoaderArgs) {
  return (await services()).auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await services()).auth.handler(request);
}
