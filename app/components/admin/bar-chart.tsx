import { ScrollRegion } from "../scroll-region";

/**
 * A small grouped bar chart in plain SVG, rendered on the server (no chart library): one group
 * per month, one bar per series. The SVG is decorative; the table under it carries the figures
 * for assistive technology and for anyone who wants the numbers.
 */
export interface ChartSeries {
  name: string;
  /** A CSS colour (a theme variable). */
  color: string;
  values: number[];
}

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
  const width = 720;
  const height = 200;
  const top = 10;
  const bottom = 24;
  const group = width / Math.max(labels.length, 1);
  const bar = Math.max(2, (group * 0.7) / Math.max(series.length, 1));
  const scale = (value: number) => (max === 0 ? 0 : ((height - top - bottom) * value) / max);
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
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="mt-2 h-48 w-full"
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line
            x1="0"
            x2={width}
            y1={height - bottom}
            y2={height - bottom}
            stroke="var(--border)"
          />
          {labels.map((label, index) => (
            <g key={label} transform={`translate(${index * group + group * 0.15},0)`}>
              {series.map((one, position) => {
                const h = scale(one.values[index] ?? 0);
                return (
                  <rect
                    key={one.name}
                    x={position * bar}
                    y={height - bottom - h}
                    width={bar - 1}
                    height={h}
                    rx="2"
                    fill={one.color}
                  />
                );
              })}
              <text
                x={(bar * series.length) / 2}
                y={height - 6}
                textAnchor="middle"
                fontSize="11"
                fill="var(--muted)"
              >
                {label}
              </text>
            </g>
          ))}
        </svg>
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
