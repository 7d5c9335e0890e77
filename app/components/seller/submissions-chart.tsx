import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";

export interface MonthPoint {
  label: string;
  submitted: number;
  approved: number;
}

/**
 * Submissions sent and approved per month. Loaded in the browser only (recharts measures the
 * page); hidden from assistive technology, which reads the table beside it instead.
 */
export default function SubmissionsChart({
  points,
  names,
}: {
  points: MonthPoint[];
  names: { submitted: string; approved: string };
}) {
  return (
    <BarChart
      responsive
      data={points}
      accessibilityLayer={false}
      margin={{ top: 8, right: 8, bottom: 0, left: -24 }}
      style={{ width: "100%", height: "100%" }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
      <XAxis dataKey="label" tick={{ fill: "var(--muted)", fontSize: 12 }} tickLine={false} />
      <YAxis
        allowDecimals={false}
        tick={{ fill: "var(--muted)", fontSize: 12 }}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        cursor={{ fill: "var(--surface-2)" }}
        contentStyle={{
          background: "var(--surface)",
          border: "1px solid var(--border)",
          borderRadius: 8,
          color: "var(--fg)",
        }}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
      <Bar dataKey="submitted" name={names.submitted} fill="var(--accent)" radius={[4, 4, 0, 0]} />
      <Bar dataKey="approved" name={names.approved} fill="var(--success)" radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}
