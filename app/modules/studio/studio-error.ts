import type { StudioErrorCode } from "./product-form";

/** A refusal of a studio action, with the code the page translates and an HTTP status. */
export class StudioError extends Error {
  override name = "StudioError";
  constructor(
    readonly code: StudioErrorCode,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(code);
  }
}
