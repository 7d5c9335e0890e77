// The module scripts/vite-page-catalogues.js writes at build time (decision record 0048).
declare module "virtual:page-catalogues" {
  import type { RouteObject } from "react-router";

  /** app/routes.ts's tree; a route whose module names texts has that chunk's name as `handle`. */
  export const routes: RouteObject[];
  /** For the frame ("shell") and each such route module: its texts' loader, fr then en. */
  export const loaders: Record<string, [LoadTexts, LoadTexts]>;
  type LoadTexts = () => Promise<{ default: object }>;
}
