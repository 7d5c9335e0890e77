import type { Services } from "../services";
import type { Viewer } from "../auth/roles";
import { localeFromUrl } from "../i18n/locale";
import { AdminError } from "./admin-error";
import { moderateSubmission, moderateSubmissions, rejectionFrom } from "./moderation.server";

/** The toast a decision leaves on the list (a catalog key under admin.moderation). */
export interface ModerationToast {
  kind: "success" | "error";
  key: string;
  params?: Record<string, number>;
}

/**
 * Approves (intent=approve) or rejects (intent=reject, code, note) one pending submission, or
 * several (intent=bulkApprove / bulkReject with repeated submissionId). An unknown intent, like a
 * decision another admin already took, is refused with an AdminError.
 */
export async function decideModeration(
  app: Services,
  viewer: Viewer,
  form: FormData,
): Promise<ModerationToast> {
  const intent = form.get("intent");
  if (intent === "bulkApprove" || intent === "bulkReject") {
    const decision =
      intent === "bulkApprove"
        ? ({ decision: "approve" } as const)
        : rejectionFrom(form.get("code"), form.get("note"));
    const ids = form.getAll("submissionId").map(String);
    const result = await moderateSubmissions(app, viewer, ids, decision);
    return {
      kind: result.refused > 0 ? "error" : "success",
      key: result.refused > 0 ? "admin.moderation.bulkRefused" : "admin.moderation.bulkDone",
      params: { count: result.refused > 0 ? result.refused : result.decided },
    };
  }
  if (intent !== "approve" && intent !== "reject") throw new AdminError("notFound", 404);
  const decision =
    intent === "approve"
      ? ({ decision: "approve" } as const)
      : rejectionFrom(form.get("code"), form.get("note"));
  const submissionId = String(form.get("submissionId") ?? "");
  const result = await moderateSubmission(app, viewer, submissionId, decision);
  return {
    kind: "success",
    key: result.status === "approved" ? "admin.moderation.approved" : "admin.moderation.rejected",
  };
}

/** The list's address with its filters and page, where a decision comes back to. */
export function moderationListAddress(url: URL): string {
  const kept = new URLSearchParams();
  for (const key of ["kind", "seller", "from", "to", "resubmitted", "page"]) {
    const value = url.searchParams.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return `/${localeFromUrl(url)}/admin/moderation${query ? `?${query}` : ""}`;
}
