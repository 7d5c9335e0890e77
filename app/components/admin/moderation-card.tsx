import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { useLocale } from "~/components/use-locale";
import type { PendingSubmission } from "~/modules/admin/moderation.server";
import { isRejectionCode } from "~/modules/admin/rejection-reasons";
import { formatDate, formatMoney } from "~/modules/i18n/i18n";
import { isFree } from "~/modules/pricing/pricing";
import { RejectButton } from "./reject-button";
import { ReviewFiles } from "./review-files";

/**
 * One pending submission in the moderation queue: its tick for bulk decisions, approve and
 * reject, the last rejection when it comes back, its details and files. The keyboard shortcuts
 * find it by `data-moderation-card` and act on the current one.
 */
export function ModerationCard({
  item,
  current,
  onFocus,
  selected,
  onSelect,
  busy,
}: {
  item: PendingSubmission;
  current: boolean;
  onFocus: () => void;
  selected: boolean;
  onSelect: (on: boolean) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = item.title.trim() || t("admin.untitled");
  return (
    <li
      className="card p-4 outline-none focus:ring-4 focus:ring-accent sm:p-5 data-[current=true]:border-accent"
      aria-label={title}
      tabIndex={-1}
      data-moderation-card={item.id}
      data-current={current}
      onFocus={onFocus}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <input
            type="checkbox"
            className="mt-2 h-4 w-4"
            data-select
            aria-label={t("admin.moderation.select", { title })}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words">{title}</h3>
            <p className="text-sm text-muted">
              {t("admin.moderation.by", {
                name: item.creatorName ?? t("admin.anonymousCreator"),
              })}
              {item.creatorEmail ? ` · ${item.creatorEmail}` : ""}
              {" · "}
              {t("admin.moderation.submittedOn", {
                date: formatDate(locale, item.submittedAt),
              })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="submissionId" value={item.id} />
            <button type="submit" className="btn-primary" data-approve disabled={busy}>
              {t("admin.moderation.approve")}
            </button>
          </Form>
          <RejectButton submissionId={item.id} title={title} />
        </div>
      </div>
      {item.previousRejection ? (
        <p className="mt-2 text-sm text-danger">
          {t("admin.moderation.previousRejection", {
            reason: [
              isRejectionCode(item.previousRejection.code)
                ? t(`admin.reasons.${item.previousRejection.code}`)
                : null,
              item.previousRejection.note,
            ]
              .filter(Boolean)
              .join(" — "),
          })}
        </p>
      ) : null}
      {item.description ? (
        <p className="mt-3 text-sm whitespace-pre-line">{item.description}</p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{t("admin.moderation.category")}</dt>
          <dd>{item.categoryName ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("admin.moderation.price")}</dt>
          <dd>
            {isFree(item.priceCents) ? t("admin.free") : formatMoney(locale, item.priceCents ?? 0)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-muted">{t("admin.moderation.tags")}</dt>
          <dd className="break-words">{item.tags.join(", ") || "—"}</dd>
        </div>
      </dl>
      <div className="mt-4">
        <ReviewFiles item={item} />
      </div>
    </li>
  );
}
