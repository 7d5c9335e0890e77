import { z } from "~/modules/validation/zod";
import { countries, fieldLimits, type AuthErrorKey, type FieldErrors } from "./account-forms";

// The server's checks of the account forms. The browser runs the same rules, hand-written
// (account-form-checks.ts), so zod never ships to it (decision record 0048).

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const requiredText = (requiredKey: AuthErrorKey, max: number) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(max, "tooLong" satisfies AuthErrorKey);

const email = requiredText("emailRequired", fieldLimits.email).pipe(
  z.email("invalidEmail" satisfies AuthErrorKey).transform((value) => value.toLowerCase()),
);

const newPassword = z
  .string({ error: "passwordRequired" satisfies AuthErrorKey })
  .min(1, "passwordRequired" satisfies AuthErrorKey)
  .min(fieldLimits.passwordMin, "passwordTooShort" satisfies AuthErrorKey)
  .max(fieldLimits.passwordMax, "passwordTooLong" satisfies AuthErrorKey);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "passwordRequired" satisfies AuthErrorKey })
    .min(1, "passwordRequired" satisfies AuthErrorKey)
    .max(fieldLimits.passwordMax, "passwordTooLong" satisfies AuthErrorKey),
  rememberMe: checkbox,
});

/** Cross-field checks run even when other fields are wrong, so every error shows at once. */
const whenPresent =
  (...fields: string[]) =>
  (payload: { value: unknown }) =>
    fields.every(
      (field) =>
        typeof (payload.value as Record<string, unknown> | undefined)?.[field] === "string",
    );

export const registerSchema = z
  .object({
    accountType: z.enum(["client", "creator"]).catch("client"),
    firstName: requiredText("firstNameRequired", fieldLimits.name),
    lastName: requiredText("lastNameRequired", fieldLimits.name),
    email,
    password: newPassword,
    confirmPassword: z.string().max(fieldLimits.passwordMax, "passwordTooLong").default(""),
    storeName: z
      .string()
      .trim()
      .max(fieldLimits.storeName, "tooLong" satisfies AuthErrorKey)
      .optional()
      .transform((value) => value || undefined),
    country: z.enum(countries, { error: "countryRequired" satisfies AuthErrorKey }),
    terms: checkbox.refine(Boolean, "termsRequired" satisfies AuthErrorKey),
  })
  .refine((value) => value.confirmPassword === value.password, {
    path: ["confirmPassword"],
    message: "passwordsMismatch" satisfies AuthErrorKey,
    when: whenPresent("password", "confirmPassword"),
  })
  .refine((value) => value.accountType !== "creator" || Boolean(value.storeName?.trim()), {
    path: ["storeName"],
    message: "storeNameRequired" satisfies AuthErrorKey,
    when: (payload) => (payload.value as { accountType?: unknown }).accountType === "creator",
  })
  // A store name means nothing for a buyer: it is dropped, not stored.
  .transform((value) =>
    value.accountType === "creator" ? value : { ...value, storeName: undefined },
  );

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "resetTokenInvalid").max(fieldLimits.token, "resetTokenInvalid"),
    password: newPassword,
    confirmPassword: z.string().max(fieldLimits.passwordMax, "passwordTooLong").default(""),
  })
  .refine((value) => value.confirmPassword === value.password, {
    path: ["confirmPassword"],
    message: "passwordsMismatch" satisfies AuthErrorKey,
    when: whenPresent("password", "confirmPassword"),
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** Validates form values; on failure gives the first error of each field, as catalog keys. */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  values: Record<string, unknown>,
): { ok: true; data: z.infer<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message as AuthErrorKey;
  }
  return { ok: false, errors };
}
