import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";
import { SavePanel } from "./save-to-collection-panel";

/**
 * The 'Enregistrer' dialog itself, open from its first render: it is loaded on the first click
 * of the button it replaces. Radix moves focus in, traps it, and gives it back to this trigger
 * on close (Escape included).
 */
export function SaveDialog({
  submissionId,
  locale,
  label,
  triggerClass,
  children,
}: {
  submissionId: string;
  locale: Locale;
  label: string;
  triggerClass: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClass} aria-label={label} data-testid="save-to-collection">
        {children}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(28rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6">
          <div className="mb-2 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">
              {t("collections.dialogTitle")}
            </Dialog.Title>
            <Dialog.Close
              className="btn-ghost -mt-1 -mr-2 px-2"
              aria-label={t("collections.close")}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted">
            {t("collections.dialogText")}
          </Dialog.Description>
          <SavePanel submissionId={submissionId} locale={locale} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
