import { AsyncLocalStorage } from "node:async_hooks";

interface DataAge {
  /** When the oldest kept value a render used was read from the database (ms since epoch). */
  oldestAt: number;
}

const scope = new AsyncLocalStorage<DataAge>();

/**
 * Runs `render` while noting the age of every kept value it uses (catalogue entries, category
 * counts), and returns with its result when the oldest of them was read: a page kept between
 * requests must not outlive the oldest thing it shows (decision record 0061). Values read
 * from the database during the render are as old as `startedAt`. `oldestAt` is read once the
 * page is complete (a streamed part could still use a kept value after `render` resolves).
 */
export async function withDataAge<T>(
  startedAt: number,
  render: () => Promise<T>,
): Promise<{ result: T; oldestAt: () => number }> {
  const age: DataAge = { oldestAt: startedAt };
  const result = await scope.run(age, render);
  return { result, oldestAt: () => age.oldestAt };
}

/** Called by the caches when they hand out a value read at `readAt`. */
export function noteDataReadAt(readAt: number): void {
  const age = scope.getStore();
  if (age && readAt < age.oldestAt) age.oldestAt = readAt;
}
