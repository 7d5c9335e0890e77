import { z } from "~/modules/validation/zod";
import {
  contactLimits,
  contactSubjects,
  type ContactErrorKey,
  type ContactFieldErrors,
} from "./contact-form";

// The server's checks of the contact and feedback forms (zod stays off the pages, decision record 0048).

const required = (key: ContactErrorKey, max: number, tooLong: ContactErrorKey) =>
  z.string({ error: key }).trim().min(1, key).max(max, tooLong);

const email = required("emailRequired", contactLimits.email, "emailTooLong").pipe(
  z.email("invalidEmail" satisfies ContactErrorKey).transform((value) => value.toLowerCase()),
);

const names = {
  firstName: required("firstNameRequired", contactLimits.name, "nameTooLong"),
  lastName: required("lastNameRequired", contactLimits.name, "nameTooLong"),
};

const message = required("messageRequired", contactLimits.message, "messageTooLong");

/** The contact form of /contact and /support (docs/product.md, "Public pages"): phone is the only optional field. */
export const contactSchema = z.object({
  ...names,
  email,
  phone: z
    .string()
    .trim()
    .max(contactLimits.phone, "phoneInvalid" satisfies ContactErrorKey)
    .regex(/^[+0-9 ().-]*$/, "phoneInvalid" satisfies ContactErrorKey)
    .optional()
    .transform((value) => value || null),
  subject: z.enum(contactSubjects, { error: "subjectRequired" satisfies ContactErrorKey }),
  message,
});

/** The feedback form: who is writing, and what they think. */
export const feedbackSchema = z.object({ ...names, email, message });

export type ContactInput = z.infer<typeof contactSchema>;
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** Validates form values; on failure gives the first error of each field, as catalog keys. */
export function validateContact<Schema extends z.ZodType>(
  schema: Schema,
  values: Record<string, unknown>,
): { ok: true; data: z.infer<Schema> } | { ok: false; errors: ContactFieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message as ContactErrorKey;
  }
  return { ok: false, errors };
}
