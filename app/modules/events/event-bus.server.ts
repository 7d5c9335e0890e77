import { EventEmitter } from "node:events";

/**
 * What happened that open pages may want to know at once. Published by domain functions after
 * their transaction commits; pushed to browsers by Server-Sent Events.
 */
export type AppEvent =
  | {
      type: "catalogue.changed";
      submissionId: string;
      /** What happened to the submission's public presence. */
      change: "approved" | "rejected" | "deleted" | "updated" | "unpublished";
    }
  | {
      /**
       * How an item on sale is shown changed, not whether it is on sale: its likes, its place on
       * the home page, its preview. Cached pages are dropped (0047); the counts stay as they are.
       */
      type: "catalogue.touched";
      submissionId: string;
      change: "liked" | "featured" | "preview";
    }
  | {
      /**
       * What public pages show changed outside the catalogue's items: a seller's shop profile
       * (bio, avatar, banner), the licences' prices and texts. Only the pages kept whole for
       * visitors are dropped (0061); catalogue reads and counts stay.
       */
      type: "pages.changed";
      change: "shop" | "licences";
    };

/** An item entered or left the catalogue, or its public text or price changed. */
export type CatalogueChange = Extract<AppEvent, { type: "catalogue.changed" }>;

export type AppEventListener = (event: AppEvent) => void;

/**
 * The event bus: in-process on PGlite (one process owns its data), shared by every process
 * through PostgreSQL NOTIFY otherwise (`postgres-event-bus.server.ts`).
 */
export interface EventBus {
  publish(event: AppEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: AppEventListener): () => void;
  /** Stops listening to other processes (nothing to do in-process). */
  close(): Promise<void>;
}

/** This process's subscribers, told synchronously. */
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
    close: async () => {},
  };
}
