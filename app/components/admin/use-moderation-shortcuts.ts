import { useEffect, useState } from "react";

/** Where typing goes: shortcuts never fire there. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.closest("[role=dialog]") !== null
  );
}

/**
 * Keyboard moderation: j / k move between the cards (each is focused, so the focus ring shows
 * where one is), a approves, r opens the rejection dialog, x ticks the card for a bulk action.
 * Nothing fires while a field has the focus, a dialog is open, or with a modifier key.
 */
export function useModerationShortcuts(ids: readonly string[]) {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector("[role=dialog]")) return;
      const card = (id: string | null) =>
        id ? document.querySelector<HTMLElement>(`[data-moderation-card="${id}"]`) : null;
      const index = current ? ids.indexOf(current) : -1;
      const move = (to: number) => {
        const id = ids[Math.min(Math.max(to, 0), ids.length - 1)];
        if (!id) return;
        setCurrent(id);
        card(id)?.focus();
        event.preventDefault();
      };
      switch (event.key) {
        case "j":
          move(index + 1);
          return;
        case "k":
          move(index < 0 ? 0 : index - 1);
          return;
        case "a":
          card(current)?.querySelector<HTMLButtonElement>("[data-approve]")?.click();
          event.preventDefault();
          return;
        case "r":
          card(current)?.querySelector<HTMLButtonElement>("[data-reject-trigger]")?.click();
          event.preventDefault();
          return;
        case "x":
          card(current)?.querySelector<HTMLInputElement>("[data-select]")?.click();
          event.preventDefault();
          return;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [current, ids]);
  return { current, setCurrent };
}
