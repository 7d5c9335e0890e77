import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { RejectButton } from "./reject-button";

/** The moderation list's bar over the ticked items: select all, approve them, reject them. */
export function BulkDecisions({
  ids,
  chosen,
  onSelectAll,
  idle,
}: {
  ids: string[];
  chosen: string[];
  onSelectAll: (on: boolean) => void;
  idle: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface p-3"
      role="group"
      aria-label={t("admin.moderation.selected", { count: chosen.length })}
    >
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={chosen.length === ids.length}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        {t("admin.moderation.selectAll")}
      </label>
      <span className="text-sm text-muted" aria-live="polite">
        {t("admin.moderation.selected", { count: chosen.length })}
      </span>
      <Form method="post">
        <input type="hidden" name="intent" value="bulkApprove" />
        {chosen.map((id) => (
          <input key={id} type="hidden" name="submissionId" value={id} />
        ))}
        <button type="submit" className="btn-primary" disabled={chosen.length === 0 || !idle}>
          {t("admin.moderation.bulkApprove")}
        </button>
      </Form>
      <RejectButton submissionId="bulk" title="" submissionIds={chosen} />
    </div>
  );
}
