import { countries, fieldLimits, type AuthErrorKey, type FieldErrors } from "./account-forms";

// The browser's checks of the sign-in and registration forms, before anything is sent. They
// follow the server's schemas (account-schemas.server.ts) rule for rule and give the same first
// error per field, as catalog keys; written by hand so that zod stays off the page (decision
// record 0048). The server checks again whatever the browser did.

type Values = Record<string, unknown>;
type Check = (value: unknown) => AuthErrorKey | null;

/** zod's e-mail pattern, so that both sides agree on what an address is. */
const emailPattern =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const requiredText =
  (requiredKey: AuthErrorKey, max: number): Check =>
  (value) => {
    if (typeof value !== "string" || value.trim().length < 1) return requiredKey;
    return value.trim().length > max ? "tooLong" : null;
  };

const email: Check = (value) =>
  requiredText("emailRequired", fieldLimits.email)(value) ??
  (emailPattern.test((value as string).trim()) ? null : "invalidEmail");

const password =
  (min: number): Check =>
  (value) => {
    if (typeof value !== "string" || value.length < 1) return "passwordRequired";
    if (value.length < min) return "passwordTooShort";
    return value.length > fieldLimits.passwordMax ? "passwordTooLong" : null;
  };

const confirmation: Check = (value) =>
  typeof value === "string" && value.length > fieldLimits.passwordMax ? "passwordTooLong" : null;

const isTicked = (value: unknown) => value === "on" || value === "true";

function run(values: Values, checks: Record<string, Check>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, check] of Object.entries(checks)) {
    const error = check(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

export function checkLoginForm(values: Values): FieldErrors {
  return run(values, { email, password: password(1) });
}

export function checkRegisterForm(values: Values): FieldErrors {
  const errors = run(values, {
    firstName: requiredText("firstNameRequired", fieldLimits.name),
    lastName: requiredText("lastNameRequired", fieldLimits.name),
    email,
    password: password(fieldLimits.passwordMin),
    confirmPassword: confirmation,
    storeName: (value) =>
      typeof value === "string" && value.trim().length > fieldLimits.storeName ? "tooLong" : null,
    country: (value) =>
      (countries as readonly unknown[]).includes(value) ? null : "countryRequired",
    terms: (value) => (isTicked(value) ? null : "termsRequired"),
  });
  const { password: typed, confirmPassword } = values;
  if (
    typeof typed === "string" &&
    typeof confirmPassword === "string" &&
    typed !== confirmPassword
  ) {
    errors.confirmPassword ??= "passwordsMismatch";
  }
  const storeName = values.storeName;
  if (values.accountType === "creator" && !(typeof storeName === "string" && storeName.trim())) {
    errors.storeName ??= "storeNameRequired";
  }
  return errors;
}
