// Run by images.test.ts in its own process, so its peak memory is the refusal's alone:
// node --import tsx tests/unit/media/peak-rss.child.ts <png> <workDir>
import {
  checkImageDimensions,
  MediaInputError,
  processMedia,
} from "~/modules/media/process-media.server";

const [file, workDir] = process.argv.slice(2);
if (!file || !workDir) throw new Error("usage: peak-rss.child.ts <png> <workDir>");

// Loading TypeScript through tsx has its own transient peak: this is the floor we start from.
const peakBeforeBytes = process.resourceUsage().maxRSS * 1024;
const codes: string[] = [];
const attempts = [
  () => checkImageDimensions(file, "image/png"),
  () => processMedia({ path: file, mime: "image/png", fileName: "huge.png", workDir }),
];
for (const attempt of attempts) {
  try {
    await attempt();
    codes.push("accepted");
  } catch (error) {
    codes.push(error instanceof MediaInputError ? error.code : String(error));
  }
}
process.stdout.write(
  JSON.stringify({ codes, peakBeforeBytes, peakRssBytes: process.resourceUsage().maxRSS * 1024 }),
);
