import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from "react";
import type { toast as sonnerToast, Toaster as SonnerToaster } from "sonner";

// Sonner (about 9 KB gzipped) is fetched with the first toast, not with every page: most pages
// never show one (decision record 0048). Sonner keeps toasts made before its Toaster subscribes,
// so a toast asked for while the code is on its way still appears.

type Toast = typeof sonnerToast;

const loadSonner = () => import("sonner");
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

function show(display: (toast: Toast) => void) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then((module) => display(module.toast));
}

/** sonner's toast functions, loading sonner on first use. */
export const toast = {
  success: (...args: Parameters<Toast["success"]>) => show((toast) => toast.success(...args)),
  error: (...args: Parameters<Toast["error"]>) => show((toast) => toast.error(...args)),
  info: (...args: Parameters<Toast["info"]>) => show((toast) => toast.info(...args)),
  warning: (...args: Parameters<Toast["warning"]>) => show((toast) => toast.warning(...args)),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's Toaster, mounted once a toast has been asked for. */
export function LazyToaster(props: ComponentProps<typeof SonnerToaster>) {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
