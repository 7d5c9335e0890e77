import { EventEmitter } from "node:events";

/**
 * What happened that open pages may want to know at once. Published by domain functions after
 * their transaction commits; pushed to browsers by Server-Sent Events.
 */
export type AppEvent = {
  type: "catalogue.changed";
  submissionId: string;
  /** What happened to the submission's public presence. */
  change: "approved" | "rejected" | "deleted" | "updated" | "unpublished";
};

export type AppEventListener = (event: AppEvent) => void;

/**
 * The in-process event bus (decision record 0013). One web process in the default
 * set-up; several instances would fan events out through PostgreSQL LISTEN/NOTIFY behind the
 * same interface.
 */
export interface EventBus {
  publish(event: AppEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: AppEventListener): () => void;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open page's stream is a listener: there is no meaningful default limit.
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit("event", event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
  };
}
