import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { serverEnv, serverNodeArgs } from "../../server/node-args.js";

describe("the production server's Node flags", () => {
  it("are the same in `npm run serve` and `npm run worker` as in the browser tests and benchmarks", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    const envPrefix = Object.entries(serverEnv)
      .map(([name, value]) => `${name}=${value}`)
      .join(" ");
    expect(scripts.serve).toBe(`${envPrefix} node ${serverNodeArgs.join(" ")} server/index.js`);
    expect(scripts.worker).toBe(`${envPrefix} node ${serverNodeArgs.join(" ")} server/worker.js`);
  });
});
