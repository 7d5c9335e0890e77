import { describe, expect, it } from "vitest";
import { consumeAttempt } from "~/modules/auth/attempt-limiter.server";
import { testApp } from "../support/test-app";

describe("attempt limiter", () => {
  it("lets exactly `max` of many simultaneous attempts through", async () => {
    const { db } = await (await testApp()).services();
    const decisions = await Promise.all(
      Array.from({ length: 12 }, () => consumeAttempt(db, "race:key", 3, 60)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
  });

  it("opens a new window once the old one has passed", async () => {
    const { db } = await (await testApp()).services();
    // A window of the present: the queue's pruning, which runs as the app boots, removes windows
    // that ended in real time, and must not take this one from under the test.
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect((await consumeAttempt(db, "window:key", 1, 60, start)).allowed).toBe(true);
    const refused = await consumeAttempt(db, "window:key", 1, 60, later(10));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect((await consumeAttempt(db, "window:key", 1, 60, later(61))).allowed).toBe(true);
  });
});
