import type { EntryContext } from "react-router";
import { isPublicPageHandle } from "./public-page";

/**
 * What the document render tells the page cache (decision record 0061) about one request: whether
 * its page declared itself public (the deepest matched route's `handle`), and whether anything
 * failed while it rendered, after its status was sent (a part of the page that threw, a stream
 * cut at its time limit). Kept beside the request's context, never on a shared object.
 */
interface RenderMarks {
  publicPage: boolean;
  failed: boolean;
}

const marks = new WeakMap<object, RenderMarks>();

function marksOf(context: object): RenderMarks {
  let found = marks.get(context);
  if (!found) {
    found = { publicPage: false, failed: false };
    marks.set(context, found);
  }
  return found;
}

export function markRenderedRoute(context: object, entryContext: EntryContext): void {
  const leaf = entryContext.staticHandlerContext.matches.at(-1);
  const handle = leaf ? entryContext.routeModules[leaf.route.id]?.handle : undefined;
  marksOf(context).publicPage = isPublicPageHandle(handle);
}

export function markRenderFailed(context: object): void {
  marksOf(context).failed = true;
}

export function renderedPublicPage(context: object): boolean {
  return marks.get(context)?.publicPage === true;
}

export function renderFailed(context: object): boolean {
  return marks.get(context)?.failed === true;
}
