/**
 * Whether a database error (or one it wraps, as drizzle does) is a unique-constraint violation:
 * the database refusing a second row where the rules allow one.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
}
