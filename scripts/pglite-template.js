// Run after `react-router build`: makes the empty PGlite database a first boot copies
// (build/pglite-template/data, with the PGlite version that made it in build/pglite-template/version)
// instead of running initdb, which takes a second WebAssembly instance and hundreds of
// megabytes for a few seconds on the machine that serves (decision record 0056).
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { initdbInChild, pgliteVersion } from "../app/modules/db/pglite-initdb.server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const template = path.join(root, "build/pglite-template");

const scratch = await mkdtemp(path.join(os.tmpdir(), "vitrine-pglite-template-"));
try {
  await initdbInChild(path.join(scratch, "data"));
  await rm(template, { recursive: true, force: true });
  await cp(scratch, template, { recursive: true });
  await writeFile(path.join(template, "version"), `${pgliteVersion()}\n`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
console.log(`pglite-template: ${path.relative(root, template)} (PGlite ${pgliteVersion()})`);
