import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { serverNodeArgs } from "../../server/node-args.js";

describe("the production server's Node flags", () => {
  it("are the same in `npm run serve` as in the browser tests and benchmarks", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.serve).toBe(`node ${serverNodeArgs.join(" ")} server/index.js`);
  });
});
