import { EllipsisVertical, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { localePath, useLocale } from "../use-locale";
import { DeleteSubmissionDialog } from "./delete-submission-dialog";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2";

/**
 * The edit and delete menu of one submission in the seller's list, loaded when the seller
 * reaches for its button (submission-menu.tsx).
 */
export default function SubmissionDropdown({
  submissionId,
  title,
  sold,
  defaultOpen = false,
}: {
  submissionId: string;
  title: string;
  sold: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="btn-ghost h-9 w-9 shrink-0 px-0"
          aria-label={t("sellerDashboard.content.menu", { title })}
        >
          <EllipsisVertical className="h-5 w-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-40 rounded-xl border border-border bg-surface p-1 shadow-lg"
          >
            <DropdownMenu.Item asChild>
              <Link
                to={localePath(locale, `/seller-dashboard/content/${submissionId}`)}
                className={itemClass}
              >
                <Pencil className="h-4 w-4" aria-hidden="true" />
                {t("sellerDashboard.content.edit")}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${itemClass} text-danger`}
              onSelect={() => setConfirming(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t("sellerDashboard.content.delete")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DeleteSubmissionDialog
        submissionId={submissionId}
        title={title}
        sold={sold}
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      />
    </>
  );
}
