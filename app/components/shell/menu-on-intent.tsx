import { useState, type ButtonHTMLAttributes, type ComponentType, type ReactNode } from "react";

/** A dropdown menu (or dialog) module: its component opens at once when asked to. */
type MenuModule<P> = { default: ComponentType<P & { defaultOpen?: boolean }> };

/**
 * A header menu whose dropdown code (Radix's menu and its positioning, about 18 KB gzipped)
 * is fetched when the pointer reaches its button or the button is pressed, not with every page
 * (the product page's JavaScript budget: docs/product.md, "Pages and navigation"). Until it is pressed, the page shows
 * `button`, drawn like the menu's own; pressing it swaps in the real menu, open. Focus alone
 * fetches nothing: tabbing through the header must not load code the visitor did not ask for.
 */
export function MenuOnIntent<P extends object>({
  load,
  menuProps,
  button,
  popup = "menu",
}: {
  load: () => Promise<MenuModule<P>>;
  menuProps: P;
  button: (handlers: ButtonHTMLAttributes<HTMLButtonElement>) => ReactNode;
  /** What the button opens, for assistive technologies. */
  popup?: "menu" | "dialog";
}) {
  const [Menu, setMenu] = useState<MenuModule<P>["default"] | null>(null);
  if (Menu) return <Menu {...menuProps} defaultOpen />;
  return button({
    type: "button",
    "aria-haspopup": popup,
    "aria-expanded": false,
    onPointerEnter: () => void load(),
    onClick: () => {
      void load().then((module) => setMenu(() => module.default));
    },
  });
}
