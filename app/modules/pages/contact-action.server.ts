import { data, type RouterContextProvider } from "react-router";
import { formValues } from "../accounts/account-forms";
import { services } from "../app.server";
import { readForm } from "../http/read-form.server";
import { clientAddressContext, getViewer } from "../http/request-context.server";
import { localeFromUrl } from "../i18n/locale";
import { contactSchema, feedbackSchema, validateContact } from "./contact-schemas.server";
import type { ContactActionResult } from "./contact-result";
import { sendContactMessage } from "./contact.server";

const keptFields = ["firstName", "lastName", "email", "phone", "subject", "message"];

/** The action of every page with a contact or feedback form. */
export async function contactFormAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: "contact" | "feedback",
) {
  const raw = formValues(await readForm(request));
  const values: Record<string, string> = {};
  for (const field of keptFields) if (raw[field]) values[field] = raw[field].slice(0, 6000);
  const sender = {
    locale: localeFromUrl(new URL(request.url)),
    clientAddress: context.get(clientAddressContext),
    viewer: await getViewer(context),
  };
  const app = await services();
  let result;
  if (kind === "contact") {
    const parsed = validateContact(contactSchema, raw);
    if (!parsed.ok)
      return data<ContactActionResult>({ sent: false, fieldErrors: parsed.errors, values }, 400);
    result = await sendContactMessage(app, { kind, data: parsed.data }, sender);
  } else {
    const parsed = validateContact(feedbackSchema, raw);
    if (!parsed.ok)
      return data<ContactActionResult>({ sent: false, fieldErrors: parsed.errors, values }, 400);
    result = await sendContactMessage(app, { kind, data: parsed.data }, sender);
  }
  if (!result.ok) {
    return data<ContactActionResult>(
      { sent: false, retryAfterSeconds: result.retryAfterSeconds, values },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<ContactActionResult>({ sent: true });
}
