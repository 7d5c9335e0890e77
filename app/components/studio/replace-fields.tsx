import { MenuOnIntent } from "~/components/shell/menu-on-intent";
import type { ProposalField } from "~/modules/studio/proposal-merge";
import { ReplaceFieldsLabel } from "./replace-fields-label";

/**
 * The fields the AI may overwrite (replace-fields-popover.tsx). Radix's popover and its
 * positioning (about 18 KB gzipped) come when the seller reaches for the button, not with the
 * studio (decision record 0048); the button is drawn like the popover's own.
 */
export function ReplaceFields(props: {
  value: ReadonlySet<ProposalField>;
  onChange: (next: ReadonlySet<ProposalField>) => void;
}) {
  return (
    <MenuOnIntent
      popup="dialog"
      load={() => import("./replace-fields-popover")}
      menuProps={props}
      button={(handlers) => (
        <button {...handlers} className="btn-ghost">
          <ReplaceFieldsLabel value={props.value} />
        </button>
      )}
    />
  );
}
