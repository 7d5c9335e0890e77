import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field } from "~/components/shared/field";

export interface ProfileView {
  name: string;
  email: string;
  locale: string;
  pendingEmail: string | null;
}

/** Which form the server refused, and the catalog key (under commerce.dashboard) saying why. */
export interface ProfileFormError {
  form: string;
  error: string;
}

/**
 * The buyer dashboard's profile tab (/buyer-dashboard): name and language, password,
 * and the e-mail change that waits for a link sent to the new address (decision 0030).
 */
export function ProfileForms({
  profile,
  refused,
}: {
  profile: ProfileView;
  refused: ProfileFormError | undefined;
}) {
  const { t } = useTranslation();
  const alertFor = (form: string) =>
    refused?.form === form ? (
      <p role="alert" className="field-error">
        {t(`commerce.dashboard.${refused.error}` as "commerce.dashboard.passwordWrong")}
      </p>
    ) : null;
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <Form method="post" className="card space-y-4 p-5">
        <h2 className="font-semibold">{t("commerce.dashboard.profileTitle")}</h2>
        <p className="text-sm text-muted">{t("commerce.dashboard.profileIntro")}</p>
        <input type="hidden" name="intent" value="profile" />
        <Field
          id="profile-name"
          name="displayName"
          label={t("commerce.dashboard.name")}
          defaultValue={profile.name}
          required
          maxLength={80}
        />
        <Field
          id="profile-email"
          name="email"
          label={t("commerce.dashboard.email")}
          value={profile.email}
          readOnly
        />
        <div>
          <label htmlFor="profile-locale" className="field-label">
            {t("commerce.dashboard.language")}
          </label>
          <select
            id="profile-locale"
            name="locale"
            defaultValue={profile.locale}
            className="field-input"
          >
            <option value="fr">{t("languages.fr")}</option>
            <option value="en">{t("languages.en")}</option>
          </select>
        </div>
        {alertFor("profile")}
        <button type="submit" className="btn-primary">
          {t("commerce.dashboard.save")}
        </button>
      </Form>
      <Form method="post" className="card space-y-4 p-5">
        <h2 className="font-semibold">{t("commerce.dashboard.changePassword")}</h2>
        <input type="hidden" name="intent" value="password" />
        <Field
          id="current-password"
          name="currentPassword"
          label={t("commerce.dashboard.currentPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
        <Field
          id="new-password"
          name="newPassword"
          label={t("commerce.dashboard.newPassword")}
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
          required
        />
        {alertFor("password")}
        <button type="submit" className="btn-secondary">
          {t("commerce.dashboard.changePassword")}
        </button>
      </Form>
      <Form method="post" className="card space-y-4 p-5">
        <h2 className="font-semibold">{t("commerce.dashboard.emailTitle")}</h2>
        <p className="text-sm text-muted">{t("commerce.dashboard.emailIntro")}</p>
        {profile.pendingEmail ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm break-words text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t("commerce.dashboard.emailPending", { email: profile.pendingEmail })}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="email" />
        <Field
          id="new-email"
          name="newEmail"
          label={t("commerce.dashboard.newEmail")}
          type="email"
          autoComplete="email"
          maxLength={254}
          required
        />
        <Field
          id="email-password"
          name="currentPassword"
          label={t("commerce.dashboard.currentPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
        {alertFor("email")}
        <button type="submit" className="btn-secondary">
          {t("commerce.dashboard.emailSubmit")}
        </button>
      </Form>
    </div>
  );
}
