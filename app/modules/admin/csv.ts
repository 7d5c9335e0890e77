/**
 * One CSV cell (RFC 4180). A text starting with =, +, -, @, a tab or a carriage return would be
 * read as a formula by spreadsheet programs (CSV injection): it is prefixed with a quote so it
 * stays text. Numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(values: Array<string | number | null>): string {
  return values.map(csvCell).join(",");
}
