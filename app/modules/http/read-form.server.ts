import { requestRefused } from "./request-refusal";

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The form an action was sent: every form action reads its body through here. Another kind of
 * body answers 415 and an unreadable form 400, instead of an error thrown from deep inside the
 * action.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!formTypes.has(type)) throw requestRefused(415, "notAForm");
  try {
    return await request.formData();
  } catch {
    throw requestRefused(400, "malformedForm");
  }
}
