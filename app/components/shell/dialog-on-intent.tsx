import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog its page opens itself (`open`), whose code (Radix's dialog and its focus and scroll
 * locks, about 14 KB gzipped) is fetched when first wanted rather than with the page (decision
 * record 0048): on `preload` (the pointer reaching the button that opens it), else when `open`
 * first turns true, the dialog then showing as soon as its code is there. Once shown it stays
 * mounted, so that it closes, and gives focus back, as it did when it came with the page.
 */
export function dialogOnIntent<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function DialogOnIntent(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(DialogOnIntent, { preload: () => void load() });
}
