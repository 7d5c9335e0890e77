import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.server";
import { categories, contentSubmissions, uploads, user } from "../db/schema";
import { enqueueJob } from "../jobs/job-queue.server";
import { processMediaJobType } from "../media/media-jobs.server";
import type { ContentKind } from "../studio/content-kind";
import { originalKey, type FileStorage } from "../storage/file-storage.server";
import { inMediaProcess } from "../media/media-process.server";
import { demoAudio, demoPdf, demoVideo } from "./demo-media.server";
import { geometricSvg, type SceneColours } from "./demo-pictures";

type Status = "draft" | "pending" | "approved" | "rejected";

interface DemoItem {
  kind: ContentKind;
  fileName: string;
  mime: string;
  title: string;
  description: string;
  tags: string[];
  priceCents: number | null;
  status: Status;
  make(target: string): Promise<void>;
  cover?: (target: string) => Promise<void>;
}

const write = (bytes: Buffer | string) => async (target: string) => fs.writeFile(target, bytes);

// The pictures are drawn by the media process (sharp) when their item is stored.
const scene = (width: number, height: number, colours: SceneColours) => (target: string) =>
  inMediaProcess("writeSceneJpeg", target, width, height, colours);
const illustration = (colours: string[]) => (target: string) =>
  inMediaProcess("writeIllustrationPng", target, colours);

/** The demo catalogue: every kind, in every state a seller's dashboard shows. */
function demoItems(): DemoItem[] {
  return [
    {
      kind: "photo",
      fileName: "coucher-de-soleil-dunes.jpg",
      mime: "image/jpeg",
      title: "Coucher de soleil sur les dunes",
      description: "Dunes dorées sous un soleil couchant, ciel orangé et ombres longues.",
      tags: ["désert", "dunes", "coucher de soleil", "orange"],
      priceCents: 1500,
      status: "approved",
      make: scene(2400, 1600, { sky: ["#f97316", "#fde68a"], ground: "#b45309", sun: "#fff7ed" }),
    },
    {
      kind: "photo",
      fileName: "lac-de-montagne.jpg",
      mime: "image/jpeg",
      title: "Lac de montagne au petit matin",
      description: "Un lac calme entre les sommets, dans la lumière bleutée de l'aube.",
      tags: ["montagne", "lac", "aube", "bleu"],
      priceCents: null,
      status: "approved",
      make: scene(2400, 1600, { sky: ["#1e3a8a", "#93c5fd"], ground: "#14532d", sun: "#e0f2fe" }),
    },
    {
      kind: "photo",
      fileName: "champs-de-lavande.jpg",
      mime: "image/jpeg",
      title: "Champs de lavande en été",
      description: "Rangées de lavande violette sous un ciel d'été.",
      tags: ["lavande", "provence", "été", "violet"],
      priceCents: 900,
      status: "pending",
      make: scene(1600, 2400, { sky: ["#a78bfa", "#f5d0fe"], ground: "#6d28d9", sun: "#fef3c7" }),
    },
    {
      kind: "illustration",
      fileName: "formes-geometriques.png",
      mime: "image/png",
      title: "Formes géométriques colorées",
      description: "Illustration plate de carrés arrondis aux couleurs vives.",
      tags: ["géométrique", "abstrait", "couleurs"],
      priceCents: 1200,
      status: "approved",
      make: illustration(["#ef4444", "#f59e0b", "#10b981", "#3b82f6", "#8b5cf6"]),
    },
    {
      kind: "vector",
      fileName: "motif-vectoriel.svg",
      mime: "image/svg+xml",
      title: "Motif vectoriel pastel",
      description: "Motif vectoriel aux tons pastel, redimensionnable à l'infini.",
      tags: ["vecteur", "motif", "pastel"],
      priceCents: 800,
      status: "approved",
      make: write(geometricSvg(["#fbcfe8", "#bae6fd", "#bbf7d0", "#fde68a"])),
    },
    {
      kind: "video",
      fileName: "mire-animee-hd.mp4",
      mime: "video/mp4",
      title: "Mire animée HD",
      description: "Six secondes de mire colorée animée en 1280 × 720, avec un son de référence.",
      tags: ["vidéo", "mire", "test", "hd"],
      priceCents: 6000,
      status: "approved",
      make: (target) => demoVideo(target),
    },
    {
      kind: "audio",
      fileName: "accord-majeur.mp3",
      mime: "audio/mpeg",
      title: "Accord majeur apaisant",
      description:
        "Vingt secondes d'un accord de do majeur tenu, avec fondu d'entrée et de sortie.",
      tags: ["musique", "accord", "ambiance"],
      priceCents: 500,
      status: "approved",
      make: (target) => demoAudio(target),
    },
    {
      kind: "ebook",
      fileName: "guide-photo-paysage.pdf",
      mime: "application/pdf",
      title: "Guide de la photo de paysage",
      description:
        "Un petit guide pour réussir ses photos de paysage : lumière, cadrage, matériel.",
      tags: ["ebook", "photographie", "guide"],
      priceCents: 399,
      status: "approved",
      make: write(
        demoPdf("Guide de la photo de paysage", [
          "1. La lumiere",
          "2. Le cadrage",
          "3. Le materiel",
        ]),
      ),
      cover: scene(600, 900, {
        sky: ["#0f766e", "#99f6e4"],
        ground: "#134e4a",
        sun: "#f0fdfa",
      }),
    },
    {
      kind: "photo",
      fileName: "foret-brumeuse.jpg",
      mime: "image/jpeg",
      title: "Forêt brumeuse",
      description: "",
      tags: ["forêt", "brume"],
      priceCents: null,
      status: "draft",
      make: scene(2000, 1333, { sky: ["#6b7280", "#e5e7eb"], ground: "#166534", sun: "#f9fafb" }),
    },
  ];
}

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await fs.readFile(file))
    .digest("hex");

interface SeedDependencies {
  db: Database;
  storage: FileStorage;
  log: Logger;
}

/** Stores one generated file as a complete upload and queues its media job. */
async function storeUpload(
  { db, storage }: SeedDependencies,
  ownerId: string,
  file: { fileName: string; mime: string; purpose: "original" | "cover"; submissionId: string },
  make: (target: string) => Promise<void>,
) {
  const id = randomUUID();
  // Made in a scratch folder by the generators (ffmpeg among them), then handed to the storage.
  const workDir = await storage.makeWorkDirectory("demo");
  const target = path.join(workDir, "original");
  let size: number;
  let checksum: string;
  try {
    await make(target);
    size = (await fs.stat(target)).size;
    checksum = await sha256(target);
    await storage.moveFileIn(originalKey(id), target, file.mime);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  await db.insert(uploads).values({
    id,
    ownerId,
    fileName: file.fileName,
    size,
    status: "complete",
    purpose: file.purpose,
    detectedMime: file.mime,
    sha256: checksum,
    submissionId: file.submissionId,
    processingStatus: "queued",
    completedAt: new Date(),
  });
  await enqueueJob(db, processMediaJobType, { uploadId: id });
}

/**
 * Demo content for the demo creator, made once on a fresh install: generated images, a short
 * video, an audio clip and an ebook with its cover, processed by the same media jobs as real
 * uploads. A kind whose tool is missing (ffmpeg) is skipped with a warning.
 */
export async function seedDemoContent(dependencies: SeedDependencies, creatorEmail: string) {
  const { db, log } = dependencies;
  const creator = await db.query.user.findFirst({ where: eq(user.email, creatorEmail) });
  if (!creator) return;
  const existing = await db.query.contentSubmissions.findFirst({
    where: eq(contentSubmissions.creatorId, creator.id),
  });
  if (existing) return;
  const categoryRows = await db.select().from(categories);
  for (const item of demoItems()) {
    const now = new Date();
    const [submission] = await db
      .insert(contentSubmissions)
      .values({
        creatorId: creator.id,
        titleFr: item.title,
        descriptionFr: item.description,
        kind: item.kind,
        categoryId: categoryRows.find((row) => row.kind === item.kind)?.id ?? null,
        tagsFr: item.tags,
        priceCents: item.priceCents,
        status: item.status,
        submittedAt: item.status === "draft" ? null : now,
        approvedAt: item.status === "approved" ? now : null,
      })
      .returning();
    try {
      await storeUpload(
        dependencies,
        creator.id,
        {
          fileName: item.fileName,
          mime: item.mime,
          purpose: "original",
          submissionId: submission!.id,
        },
        item.make,
      );
      if (item.cover) {
        await storeUpload(
          dependencies,
          creator.id,
          {
            fileName: "couverture.jpg",
            mime: "image/jpeg",
            purpose: "cover",
            submissionId: submission!.id,
          },
          item.cover,
        );
      }
    } catch (error) {
      log.warn({ err: error, item: item.fileName }, "demo content skipped");
      await db.delete(contentSubmissions).where(eq(contentSubmissions.id, submission!.id));
    }
  }
}
