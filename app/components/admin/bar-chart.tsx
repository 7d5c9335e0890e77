import { BarChartSvg, type ChartSeries } from "../bar-chart-svg";
import { ScrollRegion } from "../scroll-region";

/**
 * A small grouped bar chart with its legend and, under it, the figures as a table for assistive
 * technology and for anyone who wants the numbers.
 */

export function BarChart({
  caption,
  labels,
  series,
  format,
  monthHeader,
  empty,
}: {
  caption: string;
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  monthHeader: string;
  empty: string;
}) {
  const max = Math.max(0, ...series.flatMap((one) => one.values));
  return (
    <figure className="card p-4">
      <figcaption className="text-sm font-semibold">{caption}</figcaption>
      <div className="mt-2 flex flex-wrap gap-4 text-xs text-muted" aria-hidden="true">
        {series.map((one) => (
          <span key={one.name} className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: one.color }} />
            {one.name}
          </span>
        ))}
      </div>
      {max === 0 ? (
        <p className="mt-4 text-sm text-muted">{empty}</p>
      ) : (
        <BarChartSvg labels={labels} series={series} className="mt-2 h-48 w-full" />
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">{caption}</summary>
        <ScrollRegion label={caption}>
          <table className="mt-2 w-full text-left text-xs">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {monthHeader}
                </th>
                {series.map((one) => (
                  <th key={one.name} scope="col" className="py-1 pr-3">
                    {one.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, index) => (
                <tr key={label} className="border-t border-border">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {label}
                  </th>
                  {series.map((one) => (
                    <td key={one.name} className="py-1 pr-3 tabular-nums">
                      {format(one.values[index] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
