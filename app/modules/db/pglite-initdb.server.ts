import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

// Creates the database and closes it: nothing else happens in the child process.
const initdbScript = `
const [moduleUrl, directory] = process.argv.slice(1);
const { PGlite } = await import(moduleUrl);
const database = await PGlite.create(directory);
await database.close();
`;

const pgliteEntry = () => createRequire(import.meta.url).resolve("@electric-sql/pglite");

/** The installed PGlite's version: a template made by another one is not used. */
export function pgliteVersion(): string {
  const entry = pgliteEntry();
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }
  ).version;
}

/**
 * Runs initdb into `directory` in a short-lived child process. PGlite runs it in a second
 * WebAssembly instance beside a temporary database, and a process never gives that memory back:
 * done in the server itself, it took the first boot to about 1.1 GB resident (decision record
 * 0047). With baseline-compiled WebAssembly only (0056) the child peaks near 640 MB, not 1.1 GB.
 */
export async function initdbInChild(directory: string): Promise<void> {
  await run(
    process.execPath,
    [
      "--liftoff-only",
      "--input-type=module",
      "-e",
      initdbScript,
      pathToFileURL(pgliteEntry()).href,
      directory,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}

/**
 * The empty database the build made (`scripts/pglite-template.js`: `build/pglite-template`),
 * when it was made by the PGlite installed now.
 */
function buildTemplate(): string | null {
  const candidates = [
    path.resolve(process.cwd(), "build/pglite-template"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../pglite-template"),
  ];
  const version = pgliteVersion();
  for (const candidate of candidates) {
    const data = path.join(candidate, "data");
    if (
      fs.existsSync(path.join(data, "PG_VERSION")) &&
      fs.readFileSync(path.join(candidate, "version"), "utf8").trim() === version
    )
      return data;
  }
  return null;
}

/**
 * Creates a fresh PGlite database directory: a copy of the empty database the build made, or,
 * without one (development, tests), initdb in a child process. The copy is written beside the
 * directory and renamed into place, so an interrupted first boot never leaves half a database.
 * An existing directory is left alone.
 */
export async function createPgliteDirectory(
  directory: string,
  template: string | null = buildTemplate(),
): Promise<void> {
  if (fs.existsSync(path.join(directory, "PG_VERSION"))) return;
  if (!template) return initdbInChild(directory);
  const partial = `${directory}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(directory, { recursive: true, force: true });
  fs.renameSync(partial, directory);
}
