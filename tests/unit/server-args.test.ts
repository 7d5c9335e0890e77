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

  it("read the working directory's .env in every command that runs the app, the environment winning", () => {
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(serverNodeArgs).toContain("--env-file-if-exists=.env");
    // `npm start` is a build, then `npm run serve`.
    expect(scripts.start).toBe("npm run build && npm run serve");
    for (const name of ["serve", "worker", "dev", "storage:migrate"]) {
      expect(scripts[name], name).toMatch(
        /^([A-Z_]+=\S+ )*node (--\S+ )*--env-file-if-exists=\.env /,
      );
    }
  });
});
