import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * The production server as its own process (`node server/index.js`, after `npm run build`), for
 * what only the real process does: boot checks, health checks, access log, signals. It starts
 * from a bare environment (no .env, nothing from the calling shell but PATH and HOME): every
 * variable it runs with is one the test gives.
 */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
  /** Every line of stdout and stderr so far. */
  output(): string[];
  /** stdout's JSON log lines so far. */
  logLines(): Array<Record<string, unknown>>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, "close");
  return port;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-process-"));
}

/**
 * Starts the server (or, with `script: "server/worker.js"`, the worker, whose health checks
 * answer on WORKER_PORT: give it `port`); `untilListening` waits for it to answer /healthz.
 * `nodeArgs` go before the script (`--import tsx` for a TypeScript one).
 */
export async function spawnServer(
  env: Record<string, string>,
  options: {
    dataDir?: string;
    port?: number;
    script?: string;
    nodeArgs?: string[];
    /** The working directory (where a `.env` is looked for); the checkout's by default. */
    cwd?: string;
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDataDir();
  const args = [...(options.nodeArgs ?? []), path.resolve(options.script ?? "server/index.js")];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_CONTENT: "false",
      LOG_LEVEL: "info",
      // The address the tests send their requests to: pages asked for under another host are
      // redirected to BASE_URL's. A test sets its own, or "" for none.
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding("utf8");
    let partial = "";
    stream.on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop()!;
      lines.push(...parts);
    });
    stream.on("end", () => {
      if (partial) lines.push(partial);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      // Let the pipes deliver their last lines.
      setImmediate(() => resolve(code));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    dataDir,
    output: () => [...lines],
    logLines: () =>
      lines.flatMap((line) => {
        if (!line.startsWith("{")) return [];
        return [JSON.parse(line) as Record<string, unknown>];
      }),
    exited,
  };
}

/** Waits until the server answers /healthz, or fails with its output if it exits first. */
export async function untilListening(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited (${exitCode}):\n${server.output().join("\n")}`);
    }
    const answered = await fetch(`${server.baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not listen:\n${server.output().join("\n")}`);
}

/** Stops the server if it still runs (tests end with it stopped either way). */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGKILL");
  }
  await server.exited;
}

/**
 * A new empty database on the test PostgreSQL server (the DATABASE_URL the test run was given),
 * dropped by the returned function.
 */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `vitrine_proc_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
