import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * Sections of a page chosen by a query parameter: links (each section has its own address and
 * works without JavaScript), the current one marked with aria-current.
 */
export function LinkTabs<T extends string>({
  label,
  current,
  tabs,
}: {
  label: string;
  current: T;
  tabs: { id: T; label: string; to: string; icon?: React.ReactNode }[];
}) {
  const scroller = useRef<HTMLElement>(null);
  // On a narrow screen the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    const container = scroller.current;
    const active = container?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!container || !active) return;
    const overflow = active.offsetLeft + active.offsetWidth - container.clientWidth;
    if (overflow > container.scrollLeft) container.scrollLeft = overflow + 16;
  }, [current]);
  return (
    <nav ref={scroller} aria-label={label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-border">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors ${
                  active
                    ? "border-accent text-fg"
                    : "border-transparent text-muted hover:border-border hover:text-fg"
                }`}
              >
                {tab.icon}
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
