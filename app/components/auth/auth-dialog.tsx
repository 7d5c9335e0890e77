import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Locale } from "~/modules/i18n/locale";

// The forms and their validation schemas are fetched when the dialog is first wanted, not with
// every page: most visitors never open it (the product page's JavaScript budget: docs/product.md, "Pages and navigation").
const loadAuthPanel = () => import("./auth-panel");
const AuthPanel = lazy(() => loadAuthPanel().then((module) => ({ default: module.AuthPanel })));

/**
 * The header's sign-in dialog: the same forms as /auth. Loaded itself when the visitor reaches
 * for the sign-in button (account-menu.tsx), then shown open.
 */
export default function AuthDialog({
  locale,
  googleEnabled,
  defaultOpen = false,
}: {
  locale: Locale;
  googleEnabled: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="btn-primary"
        // Fetched as soon as the pointer or the keyboard comes near, usually before the click.
        onPointerEnter={() => void loadAuthPanel()}
        onFocus={() => void loadAuthPanel()}
      >
        {t("header.signIn")}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="card fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[min(32rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{t("auth.dialogTitle")}</Dialog.Title>
            <Dialog.Close className="btn-ghost -mr-2 -mt-1 px-2" aria-label={t("auth.close")}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("auth.subtitle")}</Dialog.Description>
          <Suspense
            fallback={<p className="py-8 text-center text-muted">{t("auth.dialogLoading")}</p>}
          >
            <AuthPanel
              locale={locale}
              variant="client"
              initialTab="login"
              googleEnabled={googleEnabled}
              idPrefix="dialog"
            />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
