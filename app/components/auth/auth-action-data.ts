import type { AuthErrorKey, FieldErrors } from "~/modules/accounts/account-forms";

/** What the /auth action answers when it does not redirect. */
export interface AuthActionData {
  intent: "login" | "register" | "google";
  error?: AuthErrorKey;
  retryAfterSeconds?: number;
  fieldErrors?: FieldErrors;
  /** The non-secret values sent, to refill the form when the page reloads without JavaScript. */
  values?: Record<string, string>;
}
