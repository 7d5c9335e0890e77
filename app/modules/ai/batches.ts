/** docs/product.md, "Uploads and the seller's studio": batch AI generation runs 3 files at a time, with 1 second between batches. */
export const defaultBatchSize = 3;
export const defaultBatchPauseMs = 1000;

export interface BatchOptions {
  /** Items run at the same time (default 3). */
  size?: number;
  /** Pause between two batches, never before the first or after the last (default 1000 ms). */
  pauseMs?: number;
  /** Injected in tests; defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `worker` over `items` in batches, waiting for a whole batch before the next one. A failing
 * item does not stop the others; the results are in the order of `items`. Works in the browser
 * and on the server.
 */
export async function runInBatches<T, R>(
  items: T[],
  worker: (item: T) => Promise<R>,
  options: BatchOptions = {},
): Promise<PromiseSettledResult<R>[]> {
  const size = options.size ?? defaultBatchSize;
  const pauseMs = options.pauseMs ?? defaultBatchPauseMs;
  const sleep = options.sleep ?? timerSleep;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Batch size must be >= 1: ${size}`);

  const results: PromiseSettledResult<R>[] = [];
  for (let start = 0; start < items.length; start += size) {
    if (start > 0 && pauseMs > 0) await sleep(pauseMs);
    const batch = items.slice(start, start + size);
    // An async wrapper turns a worker that throws synchronously into a rejected result.
    results.push(...(await Promise.allSettled(batch.map(async (item) => worker(item)))));
  }
  return results;
}
