/** Why a payouts request was refused: stable codes, translated under payouts.errors. */
export type PayoutsErrorCode =
  | "accountExists"
  | "noAccount"
  | "accountCreation"
  | "statusRefresh"
  | "orderNotFound"
  | "notRefundable"
  | "refundFailed";

export class PayoutsError extends Error {
  override name = "PayoutsError";
  constructor(readonly code: PayoutsErrorCode) {
    super(code);
  }
}
