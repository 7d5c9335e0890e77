import { Bookmark } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignInPath } from "~/components/shared/sign-in-path";
import { useLocale } from "../use-locale";
import { useRootData } from "../use-root-data";

// The dialog (Radix), its list and forms are fetched when first wanted: most visits never open
// it, and the product page has a JavaScript budget.
const loadDialog = () => import("./save-to-collection-dialog");
const SaveDialog = lazy(() => loadDialog().then((module) => ({ default: module.SaveDialog })));

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
  const [wanted, setWanted] = useState(false);
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
  if (!wanted) {
    return (
      <button
        type="button"
        className={triggerClass}
        aria-label={label}
        data-testid="save-to-collection"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setWanted(true)}
      >
        {content}
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <button type="button" className={triggerClass} aria-label={label} aria-busy="true">
          {content}
        </button>
      }
    >
      <SaveDialog
        submissionId={submissionId}
        locale={locale}
        label={label}
        triggerClass={triggerClass}
      >
        {content}
      </SaveDialog>
    </Suspense>
  );
}
