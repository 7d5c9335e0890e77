import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "~/modules/db/data-dir-lock.server";

const dirs: string[] = [];
function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-lock-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a directory owned by another live process, naming it", () => {
    const dir = freshDir();
    const owner = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(path.join(dir, "vitrine.lock"), String(owner.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by process ${owner.pid}`);
    } finally {
      owner.kill();
    }
  });

  it("takes over a lock left by a process that is gone, and releases it", () => {
    const dir = freshDir();
    const gone = spawnSync("true").pid;
    fs.writeFileSync(path.join(dir, "vitrine.lock"), String(gone));
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "vitrine.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "vitrine.lock"))).toBe(false);
  });
});
