import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, DatabaseHandle } from "../db/client.server";
import { createEventBus, type AppEvent, type EventBus } from "./event-bus.server";

/** The channel every process of one database publishes its events on. */
export const eventsChannel = "vitrine_events";

/** The changes each event type may carry; anything else in a notification is ignored. */
const changesByType: Record<AppEvent["type"], ReadonlySet<string>> = {
  "catalogue.changed": new Set<AppEvent["change"]>([
    "approved",
    "rejected",
    "deleted",
    "updated",
    "unpublished",
  ]),
  "catalogue.touched": new Set<AppEvent["change"]>(["liked", "featured", "preview"]),
  "pages.changed": new Set<AppEvent["change"]>(["shop", "licences"]),
};

/** A notification's payload: which bus sent it, and the event. */
function parse(payload: string): { origin: string; event: AppEvent } | null {
  try {
    const message = JSON.parse(payload) as {
      origin?: unknown;
      event?: { type?: unknown; submissionId?: unknown; change?: unknown };
    };
    const event = message.event;
    const changes =
      typeof event?.type === "string" && Object.hasOwn(changesByType, event.type)
        ? changesByType[event.type as AppEvent["type"]]
        : null;
    if (
      typeof message.origin !== "string" ||
      !changes ||
      typeof event?.change !== "string" ||
      !changes.has(event.change)
    ) {
      return null;
    }
    // The only type that names no item.
    if (event.type === "pages.changed") {
      return {
        origin: message.origin,
        event: { type: event.type, change: event.change } as AppEvent,
      };
    }
    if (typeof event.submissionId !== "string") return null;
    return {
      origin: message.origin,
      event: {
        type: event.type,
        submissionId: event.submissionId,
        change: event.change,
      } as AppEvent,
    };
  } catch {
    return null;
  }
}

/**
 * The event bus of several processes on one PostgreSQL database. `publish` tells this process's
 * subscribers at once (the admin's next page, rendered here, already sees the change) and sends
 * a NOTIFY with the bus's own id; every other process delivers it to its subscribers, and this
 * one skips its own, so each subscriber hears each event once. Events are published after their
 * transaction commits, so the NOTIFY goes on its own. A notification missed while the listening
 * connection is down is bounded by the counts cache's time limit; the live streams show it
 * with the next change.
 */
export async function createPostgresEventBus({
  db,
  listen,
  log,
}: {
  db: Database;
  listen: DatabaseHandle["listen"];
  log: Logger;
}): Promise<EventBus> {
  const origin = randomUUID();
  const local = createEventBus();
  const stopListening = await listen(eventsChannel, (payload) => {
    const message = parse(payload);
    if (!message) {
      log.warn({ channel: eventsChannel }, "unreadable event notification ignored");
      return;
    }
    if (message.origin === origin) return;
    try {
      local.publish(message.event);
    } catch (error) {
      log.error({ err: error }, "event subscriber failed");
    }
  }).catch((error: unknown) => {
    log.warn({ err: error }, "events from other processes unavailable: this process's only");
    return undefined;
  });
  return {
    publish(event) {
      const payload = JSON.stringify({ origin, event });
      db.execute(sql`select pg_notify(${eventsChannel}, ${payload})`).catch((error: unknown) => {
        log.warn({ err: error, event }, "event not sent to other processes");
      });
      local.publish(event);
    },
    subscribe: (listener) => local.subscribe(listener),
    async close() {
      await stopListening?.();
    },
  };
}
