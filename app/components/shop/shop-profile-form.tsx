import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ProfileImagePicker, type PickerPicture } from "./profile-image-picker";

/** The shop's public face as the portfolio edits it (app/modules/shop/shop-profile.server.ts). */
export interface ShopProfileView {
  bio: { fr: string; en: string };
  avatar: PickerPicture | null;
  banner: PickerPicture | null;
}

/**
 * The seller's shop profile on their portfolio: banner, avatar and a bio in French and English
 * (either may stay empty: the public page shows the other), saved together.
 */
export function ShopProfileForm({
  profile,
  maxBioLength,
  error,
}: {
  profile: ShopProfileView;
  maxBioLength: number;
  error: string | null;
}) {
  const { t } = useTranslation();
  const saving = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="shop-profile-title" className="card mt-8 p-5 sm:p-6">
      <h2 id="shop-profile-title" className="text-lg font-semibold">
        {t("shop.profile.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("shop.profile.intro")}</p>
      <Form method="post" className="mt-5 space-y-6">
        <ProfileImagePicker shape="banner" name="bannerUploadId" picture={profile.banner} />
        <ProfileImagePicker shape="avatar" name="avatarUploadId" picture={profile.avatar} />
        <div className="grid gap-4 md:grid-cols-2">
          {(["fr", "en"] as const).map((lang) => (
            <div key={lang}>
              <label htmlFor={`bio-${lang}`} className="field-label">
                {t(`shop.profile.bio.${lang}`)}
              </label>
              <textarea
                id={`bio-${lang}`}
                name={`bio_${lang}`}
                lang={lang}
                rows={5}
                maxLength={maxBioLength}
                defaultValue={profile.bio[lang]}
                className="field-input"
                aria-describedby="bio-hint"
              />
            </div>
          ))}
        </div>
        <p id="bio-hint" className="text-xs text-muted">
          {t("shop.profile.bio.hint", { max: maxBioLength })}
        </p>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={saving}>
          {t("shop.profile.save")}
        </button>
      </Form>
    </section>
  );
}
