import { isPublicAuthEndpoint } from "~/modules/auth/public-endpoints";
import { services } from "~/modules/app.server";
import type { Route } from "./+types/api.auth";

/** The few better-auth endpoints a browser needs (Google's callback, the reset link); 404 else. */
async function handle(request: Request): Promise<Response> {
  if (!isPublicAuthEndpoint(request.method, new URL(request.url).pathname)) {
    return new Response(null, { status: 404 });
  }
  return (await services()).auth.handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
