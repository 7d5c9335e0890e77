import { Bookmark, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignInPath } from "../auth/sign-in-path";
import { useLocale } from "../use-locale";
import { useRootData } from "../use-root-data";

// The list and its forms are fetched when the dialog is first wanted: most visits never open it
// (the product page's JavaScript budget).
const loadPanel = () => import("./save-to-collection-panel");
const SavePanel = lazy(() => loadPanel().then((module) => ({ default: module.SavePanel })));

/**
 * 'Enregistrer': puts the item in one or more of the buyer's collections, or in a new one, from
 * a dialog (keyboard and screen reader friendly: Radix moves focus in and back, Escape closes).
 * A visitor is sent to sign in and comes back here.
 */
export function SaveToCollection({
  submissionId,
  title,
  compact = false,
}: {
  submissionId: string;
  title: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = Boolean(useRootData()?.viewer);
  const signIn = useSignInPath(locale);
  const [open, setOpen] = useState(false);
  const label = t("collections.saveLabel", { title });
  const triggerClass = compact
    ? "relative z-10 inline-flex h-9 w-9 items-center justify-center rounded-full bg-surface/90 text-fg shadow hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
    : "btn-secondary";
  const content = (
    <>
      <Bookmark className="h-4 w-4" aria-hidden="true" />
      {compact ? null : t("collections.save")}
    </>
  );
  if (!signedIn) {
    return (
      <Link
        to={signIn}
        className={triggerClass}
        aria-label={label}
        data-testid="save-to-collection"
      >
        {content}
      </Link>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={triggerClass}
        aria-label={label}
        data-testid="save-to-collection"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        {content}
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
          <Suspense
            fallback={<p className="py-6 text-center text-muted">{t("collections.loading")}</p>}
          >
            <SavePanel submissionId={submissionId} locale={locale} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
