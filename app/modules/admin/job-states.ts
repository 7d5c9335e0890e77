/** The states the admin's jobs page lists (finished jobs are pruned, not shown). */
export const jobStates = ["queued", "running", "failed"] as const;
export type JobState = (typeof jobStates)[number];

export function jobStateFrom(value: string | null): JobState | null {
  return jobStates.find((state) => state === value) ?? null;
}
