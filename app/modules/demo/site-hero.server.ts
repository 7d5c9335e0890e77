import fs from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { FileStorage } from "../storage/file-storage.server";
import { demoHeroClip } from "./demo-media.server";

/** The site's own hero clip and its poster, in the file storage (disk or bucket). */
export const siteHeroFiles = {
  "hero.mp4": { key: "site/hero.mp4", contentType: "video/mp4" },
  "hero.jpg": { key: "site/hero.jpg", contentType: "image/jpeg" },
} as const;

export type SiteHeroName = keyof typeof siteHeroFiles;

export function isSiteHeroName(name: string): name is SiteHeroName {
  return Object.hasOwn(siteHeroFiles, name);
}

/** How long "no hero clip" is believed before the storage is asked again (another process may make it). */
const absentForMs = 60_000;
let known: { present: boolean; at: number } | null = null;

/**
 * Makes the demo install's hero clip once (ffmpeg): a generated landscape rather than a
 * seller's product, so the home page opens on scenery. Skipped with a warning when ffmpeg is
 * missing: the hero then falls back to the newest video on sale, or to none.
 */
export async function seedSiteHero(storage: FileStorage, log: Logger): Promise<void> {
  if (await storage.stat(siteHeroFiles["hero.mp4"].key)) return;
  const workDir = await storage.makeWorkDirectory("site-hero");
  try {
    const target = { clip: path.join(workDir, "hero.mp4"), poster: path.join(workDir, "hero.jpg") };
    await demoHeroClip(workDir, target);
    // The poster first: a clip present means both are.
    const poster = siteHeroFiles["hero.jpg"];
    await storage.moveFileIn(poster.key, target.poster, poster.contentType);
    const clip = siteHeroFiles["hero.mp4"];
    await storage.moveFileIn(clip.key, target.clip, clip.contentType);
    known = null;
  } catch (error) {
    log.warn({ err: error }, "demo hero clip skipped");
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Whether the site's hero clip exists. Asked on every home page, so the answer is kept: for
 * good once it exists (it is never removed), a minute while it does not.
 */
export async function siteHeroPresent(storage: FileStorage, now = Date.now()): Promise<boolean> {
  if (known && (known.present || now - known.at < absentForMs)) return known.present;
  const present = Boolean(await storage.stat(siteHeroFiles["hero.mp4"].key));
  known = { present, at: now };
  return present;
}
