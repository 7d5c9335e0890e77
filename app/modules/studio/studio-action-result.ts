import type { StudioErrorCode } from "./product-form";

/** What the studio step's action answers (its page reads it from fetchers or a plain post). */
export type StudioActionResult =
  | { ok: true; intent: "draft" | "publish"; uploadId: string; title: string; remaining: number }
  | { ok: true; intent: "publishAll"; published: number; remaining: number }
  | { ok: true; intent: "reviewed" }
  | { ok: false; intent: string; uploadId?: string; error: StudioErrorCode; status: number };

/** The answer that ends the page: everything published, the dashboard comes next. */
export function finishedAll(result: StudioActionResult | undefined): boolean {
  return Boolean(
    result?.ok &&
    (result.intent === "publishAll" || ("remaining" in result && result.remaining === 0)),
  );
}
