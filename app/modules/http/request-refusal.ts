/** Why a mutation was refused before its action ran; the error boundaries explain it. */
export type RefusalReason = "notAForm" | "malformedForm" | "crossSite";

export interface RequestRefusal {
  kind: "request-refused";
  reason: RefusalReason;
}

/**
 * The answer to throw: a plain Response, so that resource routes send it as it is and nothing is
 * logged, while a page's error boundary receives its data.
 */
export function requestRefused(status: 400 | 403 | 415, reason: RefusalReason): Response {
  return Response.json({ kind: "request-refused", reason } satisfies RequestRefusal, { status });
}

export function isRequestRefusal(data: unknown): data is RequestRefusal {
  return (
    typeof data === "object" &&
    data !== null &&
    (data as { kind?: unknown }).kind === "request-refused"
  );
}
