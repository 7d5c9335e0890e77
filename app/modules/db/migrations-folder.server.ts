import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The migrations folder: `drizzle/` in the working directory, or else in the nearest directory
 * above this file (app/modules/db in dev, build/server/assets once built), so a server started
 * from another directory still finds the project's.
 */
export function migrationsFolder(): string {
  const candidates = [path.resolve(process.cwd(), "drizzle")];
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, "drizzle"));
    if (path.dirname(dir) === dir) break;
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}
