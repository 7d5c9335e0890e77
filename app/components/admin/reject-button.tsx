import { useTranslation } from "react-i18next";
import { MenuOnIntent } from "~/components/shell/menu-on-intent";
import { rejectTriggerProps, type RejectProps } from "./reject-trigger";

/**
 * Reject, with its reason dialog (reject-dialog.tsx). Radix's dialog (about 14 KB gzipped) comes
 * when the administrator reaches for the button, or presses it (or its shortcut), not with the
 * page (decision record 0048).
 */
export function RejectButton(props: RejectProps) {
  const { t } = useTranslation();
  return (
    <MenuOnIntent
      popup="dialog"
      load={() => import("./reject-dialog")}
      menuProps={props}
      button={(handlers) => (
        <button {...handlers} {...rejectTriggerProps(props)}>
          {props.submissionIds ? t("admin.moderation.bulkReject") : t("admin.moderation.reject")}
        </button>
      )}
    />
  );
}
