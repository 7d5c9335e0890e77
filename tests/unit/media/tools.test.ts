import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MediaInputError,
  MediaToolError,
  processMedia,
} from "~/modules/media/process-media.server";
import { runTool } from "~/modules/media/run-tool.server";
import { ffmpegFixture, tempDir } from "./fixtures";

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (caught: unknown) => caught,
  );
}

describe("outside tools", () => {
  it("kills a tool that runs past its time limit", async () => {
    const started = Date.now();
    // An endless test card, encoded to nowhere.
    const error = await failure(
      runTool("ffmpeg", ["-hide_banner", "-f", "lavfi", "-i", "testsrc", "-f", "null", "-"], {
        timeoutMs: 300,
      }),
    );

    expect(error).toBeInstanceOf(MediaToolError);
    expect(error).toMatchObject({ tool: "ffmpeg", timedOut: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("puts the end of the tool's stderr in the error", async () => {
    const error = await failure(
      runTool("ffmpeg", ["-hide_banner", "-i", "/nowhere/missing.mp4", "-f", "null", "-"], {
        timeoutMs: 10_000,
      }),
    );

    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).message).toMatch(/No such file or directory/);
    expect(error).toMatchObject({ exitCode: 1, timedOut: false });
  });

  it("passes arguments as they are, never through a shell", async () => {
    const stdout = await runTool(
      "gs",
      ["-q", "-dNODISPLAY", "-dBATCH", "-c", "(a; echo b $HOME) = quit"],
      {
        timeoutMs: 10_000,
      },
    );

    expect(stdout.toString("utf8").trim()).toBe("a; echo b $HOME");
  });

  it("reports a missing ffmpeg as a permanent toolMissing error", async () => {
    const dir = await tempDir();
    const film = await ffmpegFixture(path.join(dir, "film.mp4"), ["testsrc=duration=1"], []);
    const emptyBin = path.join(dir, "bin");
    await fs.mkdir(emptyBin);
    const savedPath = process.env.PATH;
    process.env.PATH = emptyBin;
    try {
      const error = await failure(
        processMedia({ path: film, mime: "video/mp4", fileName: "film.mp4", workDir: dir }),
      );
      expect(error).toBeInstanceOf(MediaInputError);
      expect(error).toMatchObject({ code: "toolMissing", detail: "ffprobe" });
    } finally {
      process.env.PATH = savedPath;
    }
  });
});
