/** One figure of a dashboard: a label, the value, and a short line that explains it. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  className = "",
}: {
  label: string;
  value: string;
  hint?: string;
  icon?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={`card min-w-0 p-4 sm:p-5 ${className}`}>
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted">
        {label}
        {icon}
      </dt>
      <dd className="mt-2 text-2xl font-semibold tabular-nums sm:text-3xl">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}
