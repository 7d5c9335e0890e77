/** Why a purchase was refused: stable codes, translated under commerce.errors. */
export type CommerceErrorCode =
  | "signInRequired"
  | "emptyCart"
  | "invalidPrices"
  | "incomplete"
  | "exclusiveTaken"
  | "alreadyOwned"
  | "missingId"
  | "invalidPrice"
  | "notFree"
  | "paymentCreation";

export class CommerceError extends Error {
  override name = "CommerceError";
  constructor(readonly code: CommerceErrorCode) {
    super(code);
  }
}
