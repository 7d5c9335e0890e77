import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverNodeArgs } from "../../server/node-args.js";
import {
  freshPostgresDatabase,
  spawnServer,
  stopServer,
  tempDataDir,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// The production server with no Stripe keys, no SMTP and files on local disk, once it has served
// a page: the packages of those services, tus's and sharp's (no upload yet, no demo content) and
// the engine it does not run on stay unloaded (each costs the idle process several MiB, decision record 0011).
const onPostgres = Boolean(process.env.DATABASE_URL);
let server: ServerProcess;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
let packagesFile: string;

beforeAll(async () => {
  database = onPostgres ? await freshPostgresDatabase() : undefined;
  const dataDir = tempDataDir();
  packagesFile = path.join(dataDir, "loaded-packages.txt");
  server = await spawnServer(
    { DATABASE_URL: database?.url ?? "", LOG_LEVEL: "warn", LOADED_PACKAGES_FILE: packagesFile },
    {
      dataDir,
      nodeArgs: [...serverNodeArgs, "--import", path.resolve("tests/support/record-packages.js")],
    },
  );
  await untilListening(server);
}, 120_000);

afterAll(async () => {
  await stopServer(server);
  await database?.drop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The packages the server has loaded so far, as it reports them on SIGUSR2. */
async function loadedPackages(): Promise<string[]> {
  fs.rmSync(packagesFile, { force: true });
  server.child.kill("SIGUSR2");
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(packagesFile)) {
    if (Date.now() > deadline) throw new Error("the server did not write its loaded packages");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return fs.readFileSync(packagesFile, "utf8").split("\n");
}

describe("an idle server whose optional services are not configured", () => {
  it("has not loaded their SDKs, tus, sharp, the other engine's driver, or whole icon and UI libraries", async () => {
    expect((await fetch(`${server.baseUrl}/fr`)).status).toBe(200);
    const loaded = await loadedPackages();
    // The engine it runs on is loaded: the recording itself works.
    expect(loaded).toContain(onPostgres ? "pg" : "@electric-sql/pglite");
    const unused = [
      "stripe",
      "nodemailer",
      "@aws-sdk/client-s3",
      "@aws-sdk/lib-storage",
      "@aws-sdk/s3-request-presigner",
      "pdfkit",
      "sharp",
      "@tus/server",
      "@tus/file-store",
      "lucide-react",
      "radix-ui",
      onPostgres ? "@electric-sql/pglite" : "pg",
    ];
    expect(loaded.filter((name) => unused.includes(name))).toEqual([]);
  }, 60_000);
});
