import { describe, expect, it } from "vitest";
import { runInBatches } from "~/modules/ai/batches";

/** Records the order of starts, ends and pauses. */
function recorder() {
  const events: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const sleep = async (ms: number) => {
    events.push(`pause ${ms}`);
  };
  const worker = async (item: number) => {
    events.push(`start ${item}`);
    running++;
    maxRunning = Math.max(maxRunning, running);
    await new Promise((resolve) => setTimeout(resolve, 5 * (4 - (item % 3))));
    running--;
    events.push(`end ${item}`);
    if (item === 5) throw new Error(`item ${item} failed`);
    return item * 10;
  };
  return { events, sleep, worker, maxRunning: () => maxRunning };
}

describe("runInBatches", () => {
  it("runs 3 at a time with a 1 s pause between batches, results in order", async () => {
    const { events, sleep, worker, maxRunning } = recorder();

    const results = await runInBatches([1, 2, 3, 4, 5, 6, 7], worker, { sleep });

    expect(maxRunning()).toBe(3);
    expect(events.filter((e) => e.startsWith("pause"))).toEqual(["pause 1000", "pause 1000"]);
    // A batch ends completely before the pause, and the next starts after it.
    const pauses = events.flatMap((e, i) => (e.startsWith("pause") ? [i] : []));
    expect(events.slice(0, pauses[0]).sort()).toEqual(
      ["end 1", "end 2", "end 3", "start 1", "start 2", "start 3"].sort(),
    );
    expect(events.slice(pauses[0]! + 1, pauses[1]).sort()).toEqual(
      ["end 4", "end 5", "end 6", "start 4", "start 5", "start 6"].sort(),
    );
    expect(events.slice(pauses[1]! + 1)).toEqual(["start 7", "end 7"]);
    expect(events.at(-1)).not.toMatch(/pause/);

    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "failed"))).toEqual([
      10,
      20,
      30,
      40,
      "failed",
      60,
      70,
    ]);
    const failed = results[4];
    expect(failed?.status === "rejected" && (failed.reason as Error).message).toBe("item 5 failed");
  });

  it("does not pause for a single batch or no items", async () => {
    const { events, sleep, worker } = recorder();
    expect(await runInBatches([], worker, { sleep })).toEqual([]);
    await runInBatches([1, 2, 3], worker, { sleep });
    expect(events.some((e) => e.startsWith("pause"))).toBe(false);
  });

  it("honours another size and pause, and a worker that throws at once", async () => {
    const pauses: number[] = [];
    const results = await runInBatches(
      ["a", "b", "c"],
      (item) => {
        if (item === "b") throw new Error("sync failure");
        return Promise.resolve(item.toUpperCase());
      },
      { size: 2, pauseMs: 250, sleep: async (ms) => void pauses.push(ms) },
    );
    expect(pauses).toEqual([250]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("refuses a batch size below 1", async () => {
    await expect(runInBatches([1], async (x) => x, { size: 0 })).rejects.toThrow(RangeError);
  });
});
