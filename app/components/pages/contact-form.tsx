import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Field, FormAlert } from "~/components/shared/field";
import { contactLimits, contactSubjects, type ContactErrorKey } from "~/modules/pages/contact-form";
import type { ContactActionResult } from "~/modules/pages/contact-result";

/**
 * The contact form (docs/product.md, "Public pages") of /contact and /support, and, without phone and subject, the
 * feedback form. It posts to its own page; the server validates with the same schema.
 */
export function ContactForm({
  id,
  kind,
  result,
  submitLabel,
  sentText,
}: {
  id: string;
  kind: "contact" | "feedback";
  result: ContactActionResult | undefined;
  submitLabel?: string;
  sentText?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("form") === id;
  if (result?.sent) {
    return (
      <div role="status" className="rounded-xl bg-accent-soft p-5">
        <p className="font-semibold">{t("pages.contactForm.sentTitle")}</p>
        <p className="mt-1 text-sm">{sentText ?? t("pages.contactForm.sent")}</p>
      </div>
    );
  }
  const failed = result && !result.sent ? result : undefined;
  const errorText = (field: string): string | undefined => {
    const key: ContactErrorKey | undefined = failed?.fieldErrors?.[field];
    return key ? t(`pages.contactForm.errors.${key}`) : undefined;
  };
  const value = (field: string) => failed?.values[field] ?? "";
  const label = (text: string) => `${text} *`;
  const subjectError = errorText("subject");
  const messageError = errorText("message");
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <input type="hidden" name="form" value={id} />
      {failed?.retryAfterSeconds ? (
        <FormAlert
          title={t("pages.contactForm.errorTitle")}
          message={t("pages.contactForm.rateLimited", { seconds: failed.retryAfterSeconds })}
        />
      ) : null}
      <p className="text-xs text-muted">{t("pages.contactForm.requiredHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${id}-first-name`}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={contactLimits.name}
          label={label(t("pages.contactForm.firstName"))}
          defaultValue={value("firstName")}
          error={errorText("firstName")}
        />
        <Field
          id={`${id}-last-name`}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={contactLimits.name}
          label={label(t("pages.contactForm.lastName"))}
          defaultValue={value("lastName")}
          error={errorText("lastName")}
        />
      </div>
      <div className={kind === "contact" ? "grid gap-4 sm:grid-cols-2" : undefined}>
        <Field
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={contactLimits.email}
          label={label(t("pages.contactForm.email"))}
          defaultValue={value("email")}
          error={errorText("email")}
        />
        {kind === "contact" ? (
          <Field
            id={`${id}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={contactLimits.phone}
            label={t("pages.contactForm.phone")}
            defaultValue={value("phone")}
            error={errorText("phone")}
          />
        ) : null}
      </div>
      {kind === "contact" ? (
        <div>
          <label htmlFor={`${id}-subject`} className="field-label">
            {label(t("pages.contactForm.subject"))}
          </label>
          <select
            id={`${id}-subject`}
            name="subject"
            required
            className="field-input"
            defaultValue={value("subject")}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={subjectError ? `${id}-subject-error` : undefined}
          >
            <option value="">{t("pages.contactForm.subjectPlaceholder")}</option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {t(`pages.contactForm.subjects.${subject}`)}
              </option>
            ))}
          </select>
          {subjectError ? (
            <p id={`${id}-subject-error`} className="field-error">
              {subjectError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-message`} className="field-label">
          {label(t("pages.contactForm.message"))}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={contactLimits.message}
          className="field-input"
          defaultValue={value("message")}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-message-error` : undefined}
        />
        {messageError ? (
          <p id={`${id}-message-error`} className="field-error">
            {messageError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
        {submitting
          ? t("pages.contactForm.submitting")
          : (submitLabel ?? t("pages.contactForm.submit"))}
      </button>
    </Form>
  );
}
