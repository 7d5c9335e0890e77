import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

// Creates the database and closes it: nothing else happens in the child process.
const initdbScript = `
const [moduleUrl, directory] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const database = await PGlite.create(directory);
await database.close();
`;

/**
 * Creates a fresh PGlite database directory in a short-lived child process. PGlite runs initdb
 * in a second WebAssembly instance beside a temporary database, and a process never gives that
 * memory back: done in the server itself, it took the first boot to about 1.1 GB resident while
 * the server idles near half of it (decision record 0047). An existing directory is left alone.
 */
export async function createPgliteDirectory(directory: string): Promise<void> {
  if (fs.existsSync(path.join(directory, "PG_VERSION"))) return;
  const moduleUrl = pathToFileURL(
    createRequire(import.meta.url).resolve("@electric-sql/pglite"),
  ).href;
  await run(process.execPath, ["--input-type=module", "-e", initdbScript, moduleUrl, directory], {
    maxBuffer: 16 * 1024 * 1024,
  });
}
