import { AlertDialog } from "radix-ui";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { localePath, useLocale } from "../use-locale";

/** Where the delete form posts: the dashboard's action, which returns to the content tab. */
export function deleteAction(locale: "fr" | "en"): string {
  return `${localePath(locale, "/seller-dashboard")}?tab=content`;
}

/**
 * The confirmation asked before deleting a submission (docs/product.md, "Seller dashboard"), posting intent=delete to the
 * seller dashboard's action.
 */
export function DeleteSubmissionDialog({
  submissionId,
  title,
  sold,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  submissionId: string;
  title: string;
  /** Bought before: deleting only withdraws it from sale, and the dialog says so. */
  sold: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const texts = sold
    ? ({
        title: "sellerDashboard.delete.withdrawTitle",
        confirm: "sellerDashboard.delete.withdrawConfirm",
        submit: "sellerDashboard.delete.withdrawSubmit",
        submitting: "sellerDashboard.delete.withdrawSubmitting",
      } as const)
    : ({
        title: "sellerDashboard.delete.title",
        confirm: "sellerDashboard.delete.confirm",
        submit: "sellerDashboard.delete.submit",
        submitting: "sellerDashboard.delete.submitting",
      } as const);
  const navigation = useNavigation();
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "delete" &&
    navigation.formData.get("submissionId") === submissionId;
  // Once the deletion was answered: gone on success, or refused (the page says why): close.
  const wasDeleting = useRef(false);
  useEffect(() => {
    if (wasDeleting.current && !deleting) onOpenChange(false);
    wasDeleting.current = deleting;
  }, [deleting, onOpenChange]);
  return (
    <AlertDialog.Root open={open || deleting} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-surface p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{t(texts.title)}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            {t(texts.confirm)}
          </AlertDialog.Description>
          <p className="mt-3 truncate text-sm font-medium">{title}</p>
          <Form
            method="post"
            action={deleteAction(locale)}
            className="mt-6 flex flex-wrap justify-end gap-2"
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="submissionId" value={submissionId} />
            <AlertDialog.Cancel className="btn-secondary" disabled={deleting}>
              {t("sellerDashboard.delete.cancel")}
            </AlertDialog.Cancel>
            <button
              type="submit"
              className="btn bg-danger text-white hover:opacity-90 dark:text-bg"
              disabled={deleting}
            >
              {deleting ? t(texts.submitting) : t(texts.submit)}
            </button>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
