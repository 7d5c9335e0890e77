import { describe, expect, it } from "vitest";
import { testCardOutcome } from "~/modules/payments/test-provider.server";

const now = new Date("2026-11-25T10:00:00Z");
const card = (expiry: string, cvc = "123", number = "4242 4242 4242 4242") =>
  testCardOutcome({ number, expiry, cvc }, now);

describe("the test provider's card checks", () => {
  it("accepts the current month and any later one", () => {
    for (const expiry of ["11/26", "12/26", "01/27", "1/27", " 06 / 99 "]) {
      expect(card(expiry), expiry).toEqual({ outcome: "success" });
    }
  });

  it("refuses an expiry before the current month", () => {
    for (const expiry of ["10/26", "12/25", "01/20", "11/00"]) {
      expect(card(expiry), expiry).toEqual({ refused: "expiredCard" });
    }
  });

  it("refuses a malformed expiry", () => {
    for (const expiry of ["", "13/30", "00/30", "1230", "12/2030", "ab/cd", "12-30", "12/3"]) {
      expect(card(expiry), expiry).toEqual({ refused: "invalidExpiry" });
    }
  });

  it("refuses a security code that is not 3 digits", () => {
    for (const cvc of ["", "12", "1234", "12a", "1 2"]) {
      expect(card("12/30", cvc), cvc).toEqual({ refused: "invalidCvc" });
    }
  });

  it("checks the number first, and keeps each test card's outcome", () => {
    expect(card("01/20", "", "4111 1111 1111 1111")).toEqual({ refused: "unknownCard" });
    expect(card("12/30", "123", "4000-0000-0000-0002")).toEqual({ outcome: "declined" });
    expect(card("12/30", "123", "4000002760003184")).toEqual({ outcome: "threeDSecure" });
  });
});
