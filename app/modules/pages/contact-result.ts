import type { ContactFieldErrors } from "./contact-form";

/** What a contact or feedback form's action answers. */
export type ContactActionResult =
  | { sent: true }
  | {
      sent: false;
      fieldErrors?: ContactFieldErrors;
      retryAfterSeconds?: number;
      /** What was typed, to fill the form again. */
      values: Record<string, string>;
    };
