import { createContext, type RouterContextProvider } from "react-router";
import { loadViewer } from "../accounts/accounts.server";
import { services } from "../app.server";
import type { Viewer } from "../auth/roles";

/** The client's network address, set by the server for each request. */
export const clientAddressContext = createContext<string>("unknown");

/** Reads the viewer once per request, on first use. */
export const viewerContext = createContext<() => Promise<Viewer | null>>(async () => null);

export function attachViewer(context: Readonly<RouterContextProvider>, request: Request): void {
  let viewer: Promise<Viewer | null> | undefined;
  // The promise is kept before anything is awaited: the root's loader and the page's run side
  // by side, and both ask at once; an await before the assignment let each start its own
  // session lookup (three queries and a signature check each).
  context.set(viewerContext, () => {
    viewer ??= services().then((ready) => loadViewer(ready, request.headers));
    return viewer;
  });
}

export function getViewer(context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  return context.get(viewerContext)();
}

export function requestOrigin(context: Readonly<RouterContextProvider>, request: Request) {
  return { headers: request.headers, clientAddress: context.get(clientAddressContext) };
}
