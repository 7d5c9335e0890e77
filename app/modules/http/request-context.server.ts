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
  context.set(viewerContext, async () => {
    viewer ??= loadViewer(await services(), request.headers);
    return viewer;
  });
}

export function getViewer(context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  return context.get(viewerContext)();
}

export function requestOrigin(context: Readonly<RouterContextProvider>, request: Request) {
  return { headers: request.headers, clientAddress: context.get(clientAddressContext) };
}
