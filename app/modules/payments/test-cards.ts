/**
 * The test cards (docs/product.md, "Fixed texts") and what the built-in provider does with each:
 * one list for the provider's answers (test-provider.server.ts) and the checkout's reminder.
 */
export const testCards = {
  "4242424242424242": "success",
  "4000000000000002": "declined",
  "4000000000009995": "insufficientFunds",
  "4000002760003184": "threeDSecure",
} as const;

export type TestCardOutcome = (typeof testCards)[keyof typeof testCards];

/** The test cards as a card shows its number ("4242 4242 4242 4242"), with their outcome. */
export function testCardList(): Array<{ number: string; outcome: TestCardOutcome }> {
  return Object.entries(testCards).map(([digits, outcome]) => ({
    number: digits.replace(/(\d{4})(?=\d)/g, "$1 "),
    outcome,
  }));
}
