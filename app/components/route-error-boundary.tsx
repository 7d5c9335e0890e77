import { isRouteErrorResponse, useRouteError } from "react-router";
import type { GuardRefusal } from "~/modules/http/guard.server";
import { isRequestRefusal } from "~/modules/http/request-refusal";
import { AccessRefused } from "./access-refused";
import { ErrorState } from "./error-state";
import { NotFound } from "./not-found";
import { RequestRefused } from "./request-refused";

/** Per-route error boundary: translated refusals and 401/403/404 states, or the generic error. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (isRequestRefusal(error.data)) return <RequestRefused refusal={error.data} />;
    if (error.status === 401 || error.status === 403) {
      return <AccessRefused refusal={error.data as GuardRefusal} />;
    }
    if (error.status === 404) return <NotFound />;
  }
  return <ErrorState />;
}
