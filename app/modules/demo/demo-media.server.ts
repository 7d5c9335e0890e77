import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { inMediaProcess } from "~/modules/media/media-process.server";

const run = promisify(execFile);

/** A short H.264 clip drawn by ffmpeg (moving test pattern with a tone). */
export async function demoVideo(target: string, seconds = 6): Promise<void> {
  await run(
    "ffmpeg",
    [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=1280x720:rate=25:duration=${seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=330:duration=${seconds}`,
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
      // The target has no extension (a scratch file named "original"): name the container.
      "-f",
      "mp4",
      target,
    ],
    { timeout: 60_000 },
  );
}

/** A short MP3 of a few chords (sine tones) drawn by ffmpeg. */
export async function demoAudio(target: string, seconds = 20): Promise<void> {
  await run(
    "ffmpeg",
    [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=262:duration=${seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=330:duration=${seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=392:duration=${seconds}`,
      "-filter_complex",
      "amix=inputs=3,volume=2,afade=t=in:d=1,afade=t=out:st=" + (seconds - 2) + ":d=2",
      "-c:a",
      "libmp3lame",
      "-b:a",
      "192k",
      "-f",
      "mp3",
      target,
    ],
    { timeout: 60_000 },
  );
}

/** A small valid PDF with a title page and a few text pages. */
export function demoPdf(title: string, pages: string[]): Buffer {
  const objects: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const pageIds: number[] = [];
  const font = 3;
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  for (const text of [title, ...pages]) {
    const stream = `BT /F1 20 Tf 50 700 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const contentId = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contentId} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
    );
    pageIds.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * The demo home page's hero clip: a generated landscape panorama (sky, sun, hills) that the
 * camera pans across and back in `seconds`, so the loop has no seam; small (960 × 540, no sound,
 * a few hundred kB), as a background behind text should be. Its first frame becomes `poster`.
 */
export async function demoHeroClip(
  workDir: string,
  target: { clip: string; poster: string },
  seconds = 8,
): Promise<void> {
  const panorama = path.join(workDir, "panorama.jpg");
  await inMediaProcess("writeSceneJpeg", panorama, 1920, 540, {
    sky: ["#1d4ed8", "#fbbf24"],
    ground: "#166534",
    sun: "#fef3c7",
  });
  await run(
    "ffmpeg",
    [
      ["-v", "error", "-y", "-loop", "1", "-framerate", "24", "-t", String(seconds)],
      ["-i", panorama],
      // Eased there and back again: the last frame meets the first.
      ["-vf", `crop=960:540:x='(iw-ow)*(0.5-0.5*cos(2*PI*t/${seconds}))':y=0,format=yuv420p`],
      ["-c:v", "libx264", "-preset", "veryfast", "-crf", "30", "-an", "-movflags", "+faststart"],
      ["-f", "mp4", target.clip],
    ].flat(),
    { timeout: 60_000 },
  );
  await run(
    "ffmpeg",
    ["-v", "error", "-y", "-i", target.clip, "-frames:v", "1", "-q:v", "5", target.poster],
    { timeout: 30_000 },
  );
}
