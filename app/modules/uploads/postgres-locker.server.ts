import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from "@tus/server";
import pg from "pg";

/** The first key of our advisory locks ("tu"), so they never meet another user of hashtext(). */
const lockNamespace = 0x7475;
/** Where an instance that wants a lock asks the one holding it to let go. */
export const releaseChannel = "vitrine_tus_release";
const acquireTimeoutMs = 30_000;

interface Held {
  requestRelease: RequestRelease;
}

/**
 * A tus Locker shared by every instance on one PostgreSQL database: a session-level advisory
 * lock per upload, all taken on one dedicated connection of this process. In front of it an
 * in-process lock (tus's MemoryLocker) serialises this process's own requests, because a
 * session may take its own advisory lock twice.
 *
 * tus asks a lock's holder to let go when another request wants it (a client that reconnected
 * while its old PATCH hangs): across instances that request travels as a NOTIFY on
 * `releaseChannel`. A process that dies drops its connection, and PostgreSQL its locks. A
 * connection lost while the process lives asks every holder to let go, as their locks are gone.
 */
export class PostgresLocker implements Locker {
  private readonly local: MemoryLocker;
  private readonly held = new Map<string, Held>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;

  constructor(
    private readonly databaseUrl: string,
    readonly timeoutMs = acquireTimeoutMs,
  ) {
    this.local = new MemoryLocker({ acquireLockTimeout: timeoutMs });
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this, this.local.newLock(id));
  }

  /** The dedicated connection, opened on first use and again after it was lost. */
  connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    let backendPid = 0;
    client.on("notification", (message) => {
      // Our own NOTIFY comes back to us too: only another session's request counts.
      if (message.channel !== releaseChannel || message.processId === backendPid) return;
      void this.held.get(message.payload ?? "")?.requestRelease();
    });
    client.on("error", () => {
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      for (const holder of this.held.values()) void holder.requestRelease();
    });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    backendPid = rows[0]!.pid;
    await client.query(`LISTEN ${releaseChannel}`);
    this.client = client;
    return client;
  }

  /** Takes the advisory lock if free; true when taken. */
  async tryLock(id: string, holder: Held): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1, hashtext($2)) as locked",
      [lockNamespace, id],
    );
    if (rows[0]?.locked) this.held.set(id, holder);
    return rows[0]?.locked === true;
  }

  async askRelease(id: string): Promise<void> {
    const client = await this.connection();
    await client.query("select pg_notify($1, $2)", [releaseChannel, id]);
  }

  async unlock(id: string): Promise<void> {
    this.held.delete(id);
    // A lost connection already released it.
    await this.client
      ?.query("select pg_advisory_unlock($1, hashtext($2))", [lockNamespace, id])
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end();
  }
}

class PostgresLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
    private readonly local: Lock,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(signal, requestRelease);
    try {
      await this.acquire(signal, requestRelease);
    } catch (error) {
      await this.local.unlock();
      throw error;
    }
  }

  private async acquire(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timeoutMs;
    let waitMs = 20;
    let asked = false;
    while (!(await this.locker.tryLock(this.id, { requestRelease }))) {
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (!asked) {
        await this.locker.askRelease(this.id);
        asked = true;
      }
      // Polling: pg_advisory_lock would block the connection every other lock shares.
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, 500);
    }
  }

  async unlock(): Promise<void> {
    await this.locker.unlock(this.id);
    await this.local.unlock();
  }
}

/** PostgreSQL's locks when instances share one; PGlite has one process, and tus's own lock. */
export function createTusLocker(databaseUrl: string | undefined): Locker {
  return databaseUrl ? new PostgresLocker(databaseUrl) : new MemoryLocker();
}
