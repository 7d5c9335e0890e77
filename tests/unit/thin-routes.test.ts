import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Route modules stay thin: a route parses its input, calls its module in app/modules and renders
 * components from app/components/<area>. Past this many lines, a route is doing a module's or a
 * component's work (README, "Map of the code").
 */
const maxRouteLines = 250;

const routesDir = path.join(process.cwd(), "app/routes");

function routeModules(): string[] {
  return fs
    .readdirSync(routesDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file))
    .map((file) => path.posix.join("app/routes", file.split(path.sep).join("/")));
}

function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(process.cwd(), file), "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("route modules", () => {
  it(`have at most ${maxRouteLines} lines each`, () => {
    const modules = routeModules();
    expect(modules.length).toBeGreaterThan(0);
    const tooLong = modules
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > maxRouteLines)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(tooLong, `move their logic to app/modules and their blocks to app/components`).toEqual(
      [],
    );
  });
});
