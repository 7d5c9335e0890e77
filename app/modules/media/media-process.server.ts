import { spawn, type ChildProcess } from "node:child_process";
import { MediaInputError, type MediaErrorCode } from "./media-errors";
import type { mediaTasks as mediaTasksType } from "./media-tasks.server";

type MediaTasks = typeof mediaTasksType;
export type MediaTaskName = keyof MediaTasks;

/** An error as it crosses from the media process: what the job needs to decide on a retry. */
interface SentError {
  name: string;
  message: string;
  code?: MediaErrorCode;
  detail?: string;
}

type Reply = { id: number; result: unknown } | { id: number; error: SentError };

function errorFrom(sent: SentError): Error {
  if (sent.name === "MediaInputError" && sent.code)
    return new MediaInputError(sent.code, sent.detail);
  const error = new Error(sent.message);
  error.name = sent.name;
  return error;
}

// The media process: Node with the same flags, importing the tasks' module of the server build
// that started it, and running the tasks its parent sends until the parent lets it go (or dies).
const childScript = `
const { mediaTasks: tasks } = await import(process.argv[1]);
process.on("disconnect", () => process.exit(0));
process.on("message", async ({ id, name, args }) => {
  try {
    process.send({ id, result: (await tasks[name](...args)) ?? null });
  } catch (error) {
    const { name = "Error", message = String(error), code, detail } = error ?? {};
    process.send({ id, error: { name, message, code, detail } });
  }
});
process.send({ ready: true });
`;

/** How long the media process waits for more work once its tasks are done. */
const idleExitMs = 2_000;

interface MediaProcess {
  process: ChildProcess;
  /** Settles once the child has imported the tasks' module and listens for them. */
  ready: Promise<void>;
  /** Its tasks sent and not answered yet, by id. */
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
}

let child: MediaProcess | null = null;
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

function stopChild() {
  clearTimeout(idleTimer);
  const current = child;
  child = null;
  if (current?.process.connected) current.process.disconnect();
}

function startChild(moduleUrl: string): MediaProcess {
  const started = spawn(
    process.execPath,
    [...process.execArgv, "--input-type=module", "-e", childScript, moduleUrl],
    { stdio: ["ignore", "inherit", "inherit", "ipc"], serialization: "advanced" },
  );
  let markReady: () => void = () => {};
  let failStart: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  const pending: MediaProcess["pending"] = new Map();
  const media: MediaProcess = { process: started, ready, pending };
  started.on("message", (reply: Reply | { ready: true }) => {
    if (!("id" in reply)) return markReady();
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("error" in reply) waiting.reject(errorFrom(reply.error));
    else waiting.resolve(reply.result);
    if (pending.size === 0 && child === media) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stopChild, idleExitMs).unref();
    }
  });
  const exited = (reason: string) => {
    if (child === media) child = null;
    const error = new Error(`the media process ${reason}`);
    failStart(error);
    // A task cut short (the process crashed or was killed) fails; the job may retry it.
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  started.on("error", (error) => exited(`failed: ${error.message}`));
  started.on("exit", (code, signal) => exited(`exited (${signal ?? `code ${code}`})`));
  return media;
}

let enabled = false;

/**
 * Called by the production server and the worker process (server/main.js, server/worker.js):
 * from then on media tasks run in a child process. Run from sources (tests, development), where
 * the tasks' module is TypeScript, nobody calls it and the tasks run in this process.
 */
export function useMediaProcess(): void {
  enabled = true;
}

/**
 * Runs one media task in the media process: a child Node process started on the first task and
 * stopped two seconds after the last, so the web server never maps libvips nor keeps the pixel
 * buffers' memory once uploads and the demo content are processed (decision record 0011). On
 * PGlite too: the child opens no database. Without `useMediaProcess`, the task runs in this
 * process.
 */
export async function inMediaProcess<Name extends MediaTaskName>(
  name: Name,
  ...args: Parameters<MediaTasks[Name]>
): Promise<Awaited<ReturnType<MediaTasks[Name]>>> {
  // Only the code, not sharp: libvips is loaded by the first task that runs.
  const { mediaTasks, mediaTasksUrl } = await import("./media-tasks.server");
  if (!enabled) {
    const task = mediaTasks[name] as (...taskArgs: unknown[]) => Promise<unknown>;
    return (await task(...args)) as Awaited<ReturnType<MediaTasks[Name]>>;
  }
  clearTimeout(idleTimer);
  const media = (child ??= startChild(mediaTasksUrl));
  const id = nextId++;
  const result = new Promise((resolve, reject) => media.pending.set(id, { resolve, reject }));
  // A child that fails to start or dies fails this task through `pending`.
  media.ready.then(
    () =>
      media.process.send({ id, name, args }, (error) => {
        if (!error) return;
        media.pending.get(id)?.reject(error);
        media.pending.delete(id);
      }),
    () => {},
  );
  return (await result) as Awaited<ReturnType<MediaTasks[Name]>>;
}

/** Stops the media process now (the server is closing); its running tasks fail. */
export function stopMediaProcess(): void {
  const current = child;
  stopChild();
  current?.process.kill();
}
