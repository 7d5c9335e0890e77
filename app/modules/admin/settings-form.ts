/** Basis points as the form shows them: 1500 → "15", 1525 → "15.25". */
export function bpsToPercentText(bps: number): string {
  return (bps / 100).toFixed(2).replace(/\.?0+$/, "");
}

export function centsToEurosText(cents: number): string {
  return (cents / 100).toFixed(2);
}
