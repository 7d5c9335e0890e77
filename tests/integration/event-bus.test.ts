import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/modules/db/client.server";
import type { AppEvent, EventBus } from "~/modules/events/event-bus.server";
import { createPostgresEventBus, eventsChannel } from "~/modules/events/postgres-event-bus.server";

// Two buses on two connections to this file's database stand for two processes.
const log = pino({ level: "silent" });
let handles: DatabaseHandle[] = [];
let here: EventBus;
let there: EventBus;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  handles = await Promise.all(
    ["here", "there"].map((name) =>
      openDatabase({
        databaseUrl: process.env.DATABASE_URL,
        dataDir: `${process.env.DATA_DIR}/${name}`,
        listenRetryMs: 100,
      }),
    ),
  );
  const [a, b] = handles.map((handle) =>
    createPostgresEventBus({ db: handle.db, listen: handle.listen, log }),
  );
  here = await a!;
  there = await b!;
});

afterAll(async () => {
  await here?.close();
  await there?.close();
  for (const handle of handles) await handle.close();
});

const event = (submissionId: string): AppEvent => ({
  type: "catalogue.changed",
  submissionId,
  change: "approved",
});

/** Collects what a bus delivers; `until` resolves once an event with the id has arrived. */
function heard(bus: EventBus) {
  const events: AppEvent[] = [];
  const waiting = new Map<string, () => void>();
  const unsubscribe = bus.subscribe((received) => {
    events.push(received);
    if ("submissionId" in received) waiting.get(received.submissionId)?.();
  });
  return {
    events,
    unsubscribe,
    until: (submissionId: string) =>
      new Promise<void>((resolve) => {
        if (
          events.some(
            (received) => "submissionId" in received && received.submissionId === submissionId,
          )
        )
          resolve();
        else waiting.set(submissionId, resolve);
      }),
  };
}

describe.runIf(process.env.DATABASE_URL)("the event bus on PostgreSQL", () => {
  it("tells the publisher's own subscribers once, at once, and every other process once", async () => {
    const mine = heard(here);
    const theirs = heard(there);
    try {
      here.publish(event("first"));
      expect(mine.events).toEqual([event("first")]);
      await theirs.until("first");
      // Notifications reach a listener in commit order: once the other process's reply is
      // here, this process's own notification of "first" has been read too (and skipped).
      there.publish(event("reply"));
      await mine.until("reply");
      expect(mine.events).toEqual([event("first"), event("reply")]);
      expect(theirs.events).toEqual([event("first"), event("reply")]);
    } finally {
      mine.unsubscribe();
      theirs.unsubscribe();
    }
  });

  it("carries a change of what public pages show outside the catalogue (no item named)", async () => {
    const received = new Promise<AppEvent>((resolve) => {
      const unsubscribe = there.subscribe((heardEvent) => {
        if (heardEvent.type !== "pages.changed") return;
        unsubscribe();
        resolve(heardEvent);
      });
    });
    here.publish({ type: "pages.changed", change: "licences" });
    expect(await received).toEqual({ type: "pages.changed", change: "licences" });
  });

  it("hears other processes again after its listening connection was dropped", async () => {
    const mine = heard(here);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = $1`,
        [`LISTEN "${eventsChannel}"`],
      );
      expect(rowCount).toBeGreaterThan(0);
      // Sent until one arrives: those sent before the connection is back are lost.
      const deadline = Date.now() + 5000;
      for (let attempt = 0; mine.events.length === 0 && Date.now() < deadline; attempt++) {
        there.publish(event(`back-${attempt}`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mine.events.length).toBeGreaterThan(0);
    } finally {
      mine.unsubscribe();
      await admin.end();
    }
  });
});
