// Started with `node --import` before the production server: notes the package of every module
// the process loads and, on SIGUSR2, writes their names (one a line) to LOADED_PACKAGES_FILE.
// The file is written under another name and renamed, so a reader never finds half of it.
import { registerHooks } from "node:module";
import { renameSync, writeFileSync } from "node:fs";

const packages = new Set();

registerHooks({
  load(url, context, nextLoad) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    if (name) packages.add(name);
    return nextLoad(url, context);
  },
});

process.on("SIGUSR2", () => {
  const file = process.env.LOADED_PACKAGES_FILE;
  writeFileSync(`${file}.partial`, [...packages].sort().join("\n"));
  renameSync(`${file}.partial`, file);
});
