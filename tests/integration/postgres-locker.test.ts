import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@tus/server";
import { PostgresLocker } from "~/modules/uploads/postgres-locker.server";

// Each locker has its own database session, as two instances of the site would.
const lockers: PostgresLocker[] = [];
function locker(timeoutMs?: number): PostgresLocker {
  const made = new PostgresLocker(process.env.DATABASE_URL!, timeoutMs);
  lockers.push(made);
  return made;
}

afterAll(async () => {
  await Promise.all(lockers.map((made) => made.close()));
});

describe.runIf(process.env.DATABASE_URL)("the tus lock shared through PostgreSQL", () => {
  let a: PostgresLocker;
  let b: PostgresLocker;
  beforeAll(() => {
    a = locker(1500);
    b = locker(1500);
  });

  it("keeps a second instance out while the first holds the lock, until it lets go", async () => {
    const held = a.newLock("upload-1");
    // This holder ignores requests to let go: the other instance times out.
    await held.lock(new AbortController().signal, () => undefined);
    const started = Date.now();
    await expect(
      b.newLock("upload-1").lock(new AbortController().signal, () => undefined),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    // Another upload is not held up by it.
    const other = b.newLock("upload-2");
    await other.lock(new AbortController().signal, () => undefined);
    await other.unlock();

    await held.unlock();
    const next = b.newLock("upload-1");
    await next.lock(new AbortController().signal, () => undefined);
    await next.unlock();
  });

  it("asks the holder on the other instance to let go, as tus does for a client that came back", async () => {
    const held = a.newLock("upload-3");
    let asked = 0;
    await held.lock(new AbortController().signal, () => {
      asked += 1;
      // The holder's request ends, and with it the lock.
      void held.unlock();
    });
    const taken = b.newLock("upload-3");
    await taken.lock(new AbortController().signal, () => undefined);
    expect(asked).toBe(1);
    await taken.unlock();
  });

  it("frees the locks of an instance whose connection is gone", async () => {
    const dying = locker(1500);
    await dying.newLock("upload-4").lock(new AbortController().signal, () => undefined);
    await dying.close();
    const taken = b.newLock("upload-4");
    await taken.lock(new AbortController().signal, () => undefined);
    await taken.unlock();
  });
});
