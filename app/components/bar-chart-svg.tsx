/**
 * Grouped bars in plain SVG, rendered on the server (no chart library, nothing to download):
 * one group per label, one bar per series. Decorative: the page puts the figures in a table
 * for assistive technology.
 */
export interface ChartSeries {
  name: string;
  /** A CSS colour (a theme variable). */
  color: string;
  values: number[];
}

export function BarChartSvg({
  labels,
  series,
  className,
}: {
  labels: string[];
  series: ChartSeries[];
  className: string;
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
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} stroke="var(--border)" />
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
  );
}
