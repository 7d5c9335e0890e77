/**
 * A wide table's or chart's container: it can scroll sideways on a narrow screen, so it is
 * focusable (keyboard users scroll it with the arrow keys; axe's scrollable-region-focusable)
 * and named.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
