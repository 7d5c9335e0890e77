// Any origin will do: a target is safe when it stays on whichever origin it is resolved against.
const probeOrigin = "http://vitrine.invalid";

/**
 * `value` when it is a path of this site to send the browser to, else null. Browsers read a
 * backslash as a slash and drop tabs and newlines from URLs, so `/\evil.example` and
 * `/\t/evil.example` lead to another host as surely as `//evil.example`: only a path that starts
 * with one slash followed by neither slash nor backslash, with no whitespace or control
 * character anywhere, and that resolves to the same origin, is kept.
 */
export function safeRedirectTarget(value: unknown): string | null {
  if (typeof value !== "string" || !/^\/(?![/\\])/.test(value)) return null;
  if (/[\s\p{Cc}]/u.test(value)) return null;
  try {
    return new URL(value, probeOrigin).origin === probeOrigin ? value : null;
  } catch {
    return null;
  }
}
