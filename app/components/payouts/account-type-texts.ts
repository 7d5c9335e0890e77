/**
 * A payment account type's name and hint, as whole keys: a page's texts are found from the keys
 * written in its code, and `payouts.${type}` would bring every payouts text (decision record 0048).
 */
export const accountTypeTexts = {
  express: { name: "payouts.express", hint: "payouts.expressHint" },
  standard: { name: "payouts.standard", hint: "payouts.standardHint" },
} as const;
