import { spawn } from "node:child_process";
import { MediaInputError } from "./media-errors";

/** The outside programs the pipeline runs; each is looked up on PATH. */
export type MediaTool = "ffmpeg" | "ffprobe" | "gs";

/** How much of a tool's stderr is kept for the error message: its end says what went wrong. */
const stderrTailChars = 4000;
/** Collected stdout is only ever small JSON or text; anything bigger means a runaway tool. */
const defaultMaxStdoutBytes = 8 * 1024 * 1024;

/**
 * A tool that failed, timed out or wrote too much. Not a `MediaInputError`: the cause may be
 * the machine (load, memory), so the job may retry it.
 */
export class MediaToolError extends Error {
  override readonly name = "MediaToolError";
  readonly tool: MediaTool;
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  /** The end of what the tool wrote on stderr. */
  readonly stderr: string;

  constructor(
    tool: MediaTool,
    reason: string,
    details: { exitCode?: number | null; timedOut?: boolean; stderr?: string } = {},
  ) {
    const stderr = details.stderr?.trim() ?? "";
    super(`${tool} ${reason}${stderr ? `: ${stderr}` : ""}`);
    this.tool = tool;
    this.exitCode = details.exitCode ?? null;
    this.timedOut = details.timedOut ?? false;
    this.stderr = stderr;
  }
}

export interface RunToolOptions {
  /** The process is killed (SIGKILL) after this long and the run fails. */
  timeoutMs: number;
  /** Receives stdout as it arrives (nothing is kept); without it, stdout is collected. */
  onStdout?: (chunk: Buffer) => void;
  maxStdoutBytes?: number;
}

/**
 * Runs a tool with an argument array (never through a shell) and resolves with its stdout once
 * it exits with status 0. A missing tool is a `MediaInputError("toolMissing")`; any other
 * failure is a `MediaToolError` carrying the end of stderr.
 */
export function runTool(tool: MediaTool, args: string[], options: RunToolOptions): Promise<Buffer> {
  const maxStdoutBytes = options.maxStdoutBytes ?? defaultMaxStdoutBytes;
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = "";
    /** Why the process was killed, if it was. */
    let failure: string | undefined;
    let timedOut = false;
    let settled = false;

    const fail = (reason: string) => {
      failure ??= reason;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => {
      timedOut = true;
      fail(`timed out after ${options.timeoutMs} ms`);
    }, options.timeoutMs);

    child.stdout.on("data", (chunk: Buffer) => {
      if (failure) return;
      if (options.onStdout) {
        try {
          options.onStdout(chunk);
        } catch (error) {
          fail(`output rejected (${String(error)})`);
        }
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdoutBytes) {
        fail(`wrote more than ${maxStdoutBytes} bytes`);
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTailChars);
    });

    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      reject(
        error.code === "ENOENT"
          ? new MediaInputError("toolMissing", tool)
          : new MediaToolError(tool, `could not start (${error.message})`),
      );
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      if (failure) {
        reject(new MediaToolError(tool, failure, { exitCode, timedOut, stderr }));
      } else if (exitCode !== 0) {
        reject(
          new MediaToolError(tool, `exited with ${signal ?? `status ${exitCode}`}`, {
            exitCode,
            stderr,
          }),
        );
      } else {
        resolve(Buffer.concat(stdout));
      }
    });
  });
}
