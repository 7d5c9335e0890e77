import { Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import { useLocale } from "~/components/use-locale";
import { formatNumber } from "~/modules/i18n/i18n";

/**
 * The heart of a product page, posted to the page's own action. Signed in, it answers in place
 * (shown at once, then the server's count); a visitor's plain form is sent to sign in.
 */
export function LikeButton({
  liked: likedNow,
  likes: likesNow,
  signedIn,
}: {
  liked: boolean;
  likes: number;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fetcher = useFetcher<{ liked: boolean; likes: number }>();
  const pendingIntent = fetcher.formData?.get("intent");
  const liked = pendingIntent ? pendingIntent === "like" : (fetcher.data?.liked ?? likedNow);
  const likes =
    fetcher.data && !pendingIntent
      ? fetcher.data.likes
      : likesNow + (liked === likedNow ? 0 : liked ? 1 : -1);
  const button = (
    <button
      type="submit"
      name="intent"
      value={liked ? "unlike" : "like"}
      aria-pressed={liked}
      className="btn-secondary"
      data-testid="like-button"
    >
      <Heart className={`h-4 w-4 ${liked ? "fill-current text-red-600" : ""}`} aria-hidden="true" />
      {t("catalogue.product.like")}
      <span className="tabular-nums" data-testid="like-count">
        {formatNumber(locale, likes)}
      </span>
    </button>
  );
  return signedIn ? (
    <fetcher.Form method="post">{button}</fetcher.Form>
  ) : (
    <Form method="post">{button}</Form>
  );
}
