import { useRouteLoaderData } from "react-router";
import type { rootLoader } from "~/modules/http/root-loader.server";

/** What the root loader gives every page: viewer, cart count, flags and the pending toast. */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}
