import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/modules/db/client.server";
import { createPgliteDirectory, initdbInChild } from "~/modules/db/pglite-initdb.server";

// A first boot on PGlite copies the empty database the build made instead of running initdb.
let scratch: string;
let template: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-pglite-template-"));
  template = path.join(scratch, "template");
  await initdbInChild(template);
}, 180_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function rowsOf(dataDir: string): Promise<string[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const result = (await handle.db.execute(
      sql`select word from catalogue_words order by word`,
    )) as unknown as { rows: Array<{ word: string }> };
    return result.rows.map((row) => row.word);
  } finally {
    await handle.close();
  }
}

describe("a PGlite data directory made from the build's template", () => {
  it("opens, migrates and keeps what is written, and the template stays empty", async () => {
    const dataDir = path.join(scratch, "install");
    await createPgliteDirectory(path.join(dataDir, "pglite"), template);

    const handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`insert into catalogue_words (word) values ('copied')`);
    await handle.close();
    expect(await rowsOf(dataDir)).toContain("copied");

    // Made again from the same template, another install starts empty.
    const other = path.join(scratch, "other");
    await createPgliteDirectory(path.join(other, "pglite"), template);
    expect(await rowsOf(other)).not.toContain("copied");
    expect(fs.readdirSync(other).filter((name) => name.includes(".partial-"))).toEqual([]);
  }, 180_000);

  it("leaves an existing database alone", async () => {
    const dataDir = path.join(scratch, "existing");
    await createPgliteDirectory(path.join(dataDir, "pglite"), template);
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`insert into catalogue_words (word) values ('kept')`);
    await first.close();

    await createPgliteDirectory(path.join(dataDir, "pglite"), template);
    expect(await rowsOf(dataDir)).toContain("kept");
  }, 180_000);
});
