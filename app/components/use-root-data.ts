import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** What the root loader gives every page: viewer, cart count, flags and the pending toast. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
