import { Outlet, redirect } from "react-router";
import { isLocale } from "~/modules/i18n/locale";
import type { Route } from "./+types/lang-layout";

/** Any path whose first segment is not a language goes to /fr + that path. */
const redirectUnprefixed: Route.MiddlewareFunction = ({ params, request }) => {
  if (!isLocale(params.lang)) {
    const url = new URL(request.url);
    throw redirect(`/fr${url.pathname}${url.search}`, 301);
  }
};

export const middleware: Route.MiddlewareFunction[] = [redirectUnprefixed];

export default function LangLayout() {
  return <Outlet />;
}
