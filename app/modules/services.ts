import type { Auth } from "./auth/auth.server";
import type { Env } from "./config/env.server";
import type { Database } from "./db/client.server";
import type { EventBus } from "./events/event-bus.server";
import type { Worker } from "./jobs/job-queue.server";
import type { Mailer } from "./mail/mailer.server";
import type { FileStorage } from "./storage/file-storage.server";
import type { TusStorage } from "./uploads/tus-datastore.server";

/**
 * The services one process runs on, built once by app.server.ts (the composition root). Domain
 * modules take them, or the part they need, as an argument and import this type from here, never
 * from app.server.ts, which imports those modules: no module imports its own importer.
 */
export interface Services {
  env: Env;
  db: Database;
  engine: "pglite" | "postgres";
  auth: Auth;
  mailer: Mailer;
  storage: FileStorage;
  /** Where resumable uploads go and how they lock; DATA_DIR/uploads in this process when absent. */
  tusStorage?: TusStorage;
  /** Domain events (catalogue changes, …), pushed to open pages of every process. */
  events: EventBus;
  /** A server secret from which commerce derives its signing keys (download links, test payments). */
  secret: string;
  /** The in-process job worker, or null when MEDIA_WORKER=false (jobs wait for another process). */
  worker: Worker | null;
  /** Stops the worker; past `timeoutMs` its current job goes back to the queue. */
  stopWorker(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
