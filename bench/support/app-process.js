// What every benchmark needs around the production server: a free port, a fresh install started
// as its own process, readiness, memory readings, and a cleanup that also runs on Ctrl-C.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdir, readFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// First boot runs initdb, migrations and seeding: a few seconds, much more on a slow CI box.
const startupTimeoutMs = 180_000;
const stopTimeoutMs = 5_000;
const outputTailLines = 40;

/** Reads a number from the environment, failing loudly on anything that is not one. */
export function numberFromEnv(name, fallback, { integer = false, min = 0 } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(
      `${name}=${raw} is not valid: expected ${integer ? "an integer" : "a number"} >= ${min}`,
    );
  }
  return value;
}

/** Asks the OS for a port nobody is listening on. */
export async function findFreePort() {
  const probe = net.createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  await once(probe, "close");
  return port;
}

/**
 * Starts the production server (`node [nodeArgs] server/index.js`) on a fresh demo install,
 * loopback only. A developer's .env or shell may point elsewhere: the variables that change what
 * is measured are set explicitly (an empty value counts as unset). Output is kept for errors.
 * `appDir` is the checkout whose build is started (this one by default; a benchmark may start an
 * earlier commit's build beside it).
 * @param {{ port: number, dataDir: string, env?: Record<string, string>, nodeArgs?: string[], appDir?: string }} options
 */
export function startApp({ port, dataDir, env = {}, nodeArgs = [], appDir = root }) {
  const child = spawn(process.execPath, [...nodeArgs, "server/index.js"], {
    cwd: appDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      APP_MODE: "demo",
      DATABASE_URL: "",
      // The address requests are sent to: pages asked for under another host are redirected.
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  const output = { lines: [], total: 0 };
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      for (const line of chunk.split("\n").filter(Boolean)) {
        output.total += 1;
        output.lines.push(line);
        if (output.lines.length > outputTailLines) output.lines.shift();
      }
    });
  }
  return { child, output, baseUrl: `http://127.0.0.1:${port}` };
}

export function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

export function describeOutput(app) {
  return app.output.lines.length ? `\nLast app output:\n${app.output.lines.join("\n")}` : "";
}

/** Polls until the app answers any HTTP request, or fails if it dies or takes too long. */
export async function waitUntilReady(app, probePath = "/fr") {
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(app.child)) {
      throw new Error(
        `App exited during startup (code ${app.child.exitCode}).${describeOutput(app)}`,
      );
    }
    try {
      await fetch(app.baseUrl + probePath, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      // Not listening yet (or still booting): try again shortly.
      await delay(100);
    }
  }
  throw new Error(`App did not answer within ${startupTimeoutMs / 1000} s.${describeOutput(app)}`);
}

/** Stops the app gracefully, then forcefully if it hangs. */
export async function stopApp(child) {
  if (hasExited(child)) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), delay(stopTimeoutMs, true)]);
  if (timedOut) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** A process's current and peak resident memory (Linux), in bytes. */
export async function residentMemory(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kib = (field) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/**
 * Samples a process's resident memory every `everyMs` until stopped; returns the highest
 * reading. VmHWM would include the boot, so the peak of the measured span is sampled instead.
 */
export function sampleMemory(pid, everyMs = 50) {
  let highest = 0;
  const timer = setInterval(() => {
    residentMemory(pid)
      .then(({ rss }) => {
        highest = Math.max(highest, rss);
      })
      .catch(() => {});
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      const { rss } = await residentMemory(pid);
      return Math.max(highest, rss);
    },
  };
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ) on every common platform. */
export const clockTicksPerSecond = 100;

/** CPU time (user + system, in clock ticks) a process has used so far (Linux). */
export async function cpuTicks(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  // After the command name: state is field 3, utime 14 and stime 15 (1-based, man proc).
  return Number(fields[11]) + Number(fields[12]);
}

/** The process and its descendants (initdb's child process, ffmpeg…), by their parent links. */
export async function processTree(pid) {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    const tasks = await readdir(`/proc/${tree[index]}/task`).catch(() => []);
    for (const task of tasks) {
      const children = await readFile(`/proc/${tree[index]}/task/${task}/children`, "utf8").catch(
        () => "",
      );
      tree.push(...children.split(" ").filter(Boolean).map(Number));
    }
  }
  return tree;
}

/**
 * Waits until the server has had no child process (ffmpeg, Ghostscript, the media process) and
 * has used under 5 % of a core for two seconds in a row: the demo content's media jobs have run,
 * so what is measured next is the idle server. The server alone idles while a child works for
 * it, so its own CPU is not enough.
 */
export async function waitUntilIdle(pid, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let quietSeconds = 0;
  let before = await cpuTicks(pid);
  while (Date.now() < deadline && quietSeconds < 2) {
    await delay(1000);
    const now = await cpuTicks(pid);
    const alone = (await processTree(pid)).length === 1;
    quietSeconds = alone && now - before < 5 ? quietSeconds + 1 : 0;
    before = now;
  }
}

/** Signs a demo account in through the sign-in form; returns its Cookie header. */
export async function signIn(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/fr/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookies = response.headers.getSetCookie().map((header) => header.split(";")[0]);
  if (!cookies.some((cookie) => cookie.startsWith("better-auth.session_token="))) {
    throw new Error(`sign-in of ${email} failed (${response.status})`);
  }
  return cookies.join("; ");
}

/** Returns a cleanup that runs its steps once, whoever calls it first (normal end or a signal). */
export function createCleanup() {
  const steps = [];
  let done;
  const cleanup = {
    add(step) {
      steps.push(step);
    },
    run() {
      done ??= (async () => {
        // Last acquired, first released: the app must be dead before its data dir is removed.
        for (const step of steps.reverse()) {
          try {
            await step();
          } catch (error) {
            console.error("Cleanup step failed:", error);
          }
        }
      })();
      return done;
    },
  };
  // Ctrl-C or a CI cancel must not leave a server running or a data dir behind.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal} received, cleaning up`);
      cleanup.run().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
  return cleanup;
}

/** Other work on the machine skews every number; say so up front rather than after a minute. */
export function warnIfBusy() {
  const [load] = os.loadavg();
  const cpus = os.cpus().length;
  if (load > cpus / 2) {
    console.warn(
      `Warning: load average is ${load.toFixed(1)} on ${cpus} CPUs before starting; ` +
        "other processes will skew the results.",
    );
  }
  return load;
}
