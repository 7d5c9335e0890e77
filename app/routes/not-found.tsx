import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/not-found";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "notFound"), { name: "robots", content: "noindex" }];
}

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
