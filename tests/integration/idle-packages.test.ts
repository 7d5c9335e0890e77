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

/** The packages `running` has loaded so far, as it writes them to `file` on SIGUSR2. */
async function loadedPackages(running: ServerProcess, file: string): Promise<string[]> {
  fs.rmSync(file, { force: true });
  running.child.kill("SIGUSR2");
  await until(() => fs.existsSync(file), "the loaded packages", 10_000);
  return fs.readFileSync(file, "utf8").split("\n");
}

async function until(condition: () => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("an idle server whose optional services are not configured", () => {
  it("has not loaded their SDKs, tus, sharp, the other engine's driver, or whole icon and UI libraries", async () => {
    expect((await fetch(`${server.baseUrl}/fr`)).status).toBe(200);
    const loaded = await loadedPackages(server, packagesFile);
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

/** The processes the server has started that still run (the media process among them). */
function childProcesses(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) =>
      fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean),
    )
    .map(Number);
}

// A first boot with the demo content draws its pictures and processes every demo upload (photos,
// illustration, vector, video, audio, ebook and its cover): in the media process, a child that
// has ended once the work is done, so the idle server never mapped libvips (decision record 0011).
describe("an idle server after its first boot with the demo content", () => {
  let demo: ServerProcess;
  let demoDatabase: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let demoPackagesFile: string;
  const demoUploads = 10;

  beforeAll(async () => {
    demoDatabase = onPostgres ? await freshPostgresDatabase() : undefined;
    const dataDir = tempDataDir();
    demoPackagesFile = path.join(dataDir, "loaded-packages.txt");
    demo = await spawnServer(
      {
        DATABASE_URL: demoDatabase?.url ?? "",
        DEMO_CONTENT: "true",
        LOADED_PACKAGES_FILE: demoPackagesFile,
      },
      {
        dataDir,
        nodeArgs: [...serverNodeArgs, "--import", path.resolve("tests/support/record-packages.js")],
      },
    );
    await untilListening(demo, 120_000);
  }, 150_000);

  afterAll(async () => {
    await stopServer(demo);
    await demoDatabase?.drop();
    fs.rmSync(demo.dataDir, { recursive: true, force: true });
  });

  it("processed the demo media without loading sharp, and left no media process behind", async () => {
    const processed = () => demo.logLines().filter((line) => line.msg === "media processed").length;
    await until(() => processed() >= demoUploads, "the demo media", 120_000);
    expect(processed()).toBe(demoUploads);
    expect(demo.output().join("\n")).not.toContain("demo content skipped");
    await until(
      () => childProcesses(demo.child.pid!).length === 0,
      "the media process to end",
      30_000,
    );
    expect((await fetch(`${demo.baseUrl}/fr`)).status).toBe(200);

    const loaded = await loadedPackages(demo, demoPackagesFile);
    expect(loaded).toContain(onPostgres ? "pg" : "@electric-sql/pglite");
    expect(loaded).not.toContain("sharp");
  }, 180_000);
});
