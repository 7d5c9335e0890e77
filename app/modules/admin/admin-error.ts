/** Why an admin action was refused; the page maps each code to a translated message. */
export type AdminErrorCode =
  | "notFound"
  | "alreadyModerated"
  | "invalidReason"
  | "invalidSettings"
  | "invalidLicence"
  | "nothingSelected";

export class AdminError extends Error {
  override name = "AdminError";
  constructor(
    readonly code: AdminErrorCode,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(code);
  }
}
