import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createAuth } from "./auth/auth.server";
import { env, type Env } from "./config/env.server";
import { createEventBus } from "./events/event-bus.server";
import { createPostgresEventBus } from "./events/postgres-event-bus.server";
import { openDatabase } from "./db/client.server";
import { seedDemoContent } from "./demo/demo-content.server";
import { seedSiteHero } from "./demo/site-hero.server";
import { seedDemoPurchase } from "./commerce/demo-purchase.server";
import { demoClientEmail, demoCreatorEmail } from "./demo/demo-accounts";
import { seedBase, seedDemoAccounts } from "./demo/seed.server";
import { logger } from "./log/logger.server";
import { scheduleRecurringJob, startWorker } from "./jobs/job-queue.server";
import {
  monthlyGrantsEveryMs,
  monthlyGrantsJobHandler,
  monthlyGrantsJobType,
} from "./credits/monthly-grants.server";
import { pruneEveryMs, pruneJobHandler, pruneJobType } from "./jobs/prune.server";
import { outboxJobHandlers } from "./jobs/outbox-handlers.server";
import {
  expireOrdersEveryMs,
  expireOrdersJobHandler,
  expireOrdersJobType,
} from "./commerce/expire-orders.server";
import { createOutboxMailer, createSmtpMailer } from "./mail/mailer.server";
import { mediaJobHandler, processMediaJobType } from "./media/media-jobs.server";
import { stopMediaProcess } from "./media/media-process.server";
import { openStorage } from "./storage/open-storage.server";
import { s3SettingsFromEnv } from "./storage/s3-settings.server";
import { uploadsDirectory } from "./uploads/studio-uploads.server";
import { createTusStorage } from "./uploads/tus-datastore.server";
import type { S3TusStore } from "./uploads/s3-tus-store.server";
import {
  expireTusUploadsEveryMs,
  expireTusUploadsJobHandler,
  expireTusUploadsJobType,
} from "./uploads/expire-tus-uploads.server";
import type { Services } from "./services";

/** In demo mode the session secret is generated once and kept in the data directory. */
function resolveSecret(config: Env): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.join(config.dataDir, "auth-secret");
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), {
      mode: 0o600,
      flag: "wx",
    });
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function start(): Promise<Services> {
  const config = env();
  const log = logger(config.LOG_LEVEL);
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    onConnectionLost: (error) => log.warn({ err: error }, "database connection lost"),
  });
  const storage = await openStorage(config);
  // On S3, resumable uploads keep their parts in the bucket and their progress in the database,
  // so any instance can resume an upload another one started (decision 0046).
  const s3 = s3SettingsFromEnv(config);
  const tusStorage = s3
    ? await createTusStorage({
        s3,
        db: handle.db,
        directory: uploadsDirectory(config.dataDir),
        databaseUrl: config.DATABASE_URL,
      })
    : undefined;
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(handle.db, storage);
  const secret = resolveSecret(config);
  const auth = createAuth({ db: handle.db, env: config, secret });
  await seedBase(handle);
  if (config.APP_MODE === "demo") await seedDemoAccounts({ db: handle.db, auth });
  log.info(
    {
      engine: handle.engine,
      mode: config.APP_MODE,
      mail: mailer.transport,
      storage: storage.driver,
      dataDir: config.dataDir,
    },
    "services ready",
  );
  // Several processes may share a PostgreSQL database; a PGlite directory has only this one.
  const events =
    handle.engine === "postgres"
      ? await createPostgresEventBus({ db: handle.db, listen: handle.listen, log })
      : createEventBus();
  const worker = config.MEDIA_WORKER
    ? startWorker({
        db: handle.db,
        log,
        listen: handle.listen,
        // On PGlite this process is the only one: jobs left running by a previous run resume now.
        recoverRunning: handle.engine === "pglite",
        handlers: {
          [processMediaJobType]: mediaJobHandler({ db: handle.db, storage, log, events }),
          // Credits: yearly plans' monthly grants (decision 0035).
          [monthlyGrantsJobType]: monthlyGrantsJobHandler({ db: handle.db, log }),
          // Commerce: pending orders whose payment page closed (decision 0038).
          [expireOrdersJobType]: expireOrdersJobHandler({
            services: { db: handle.db, env: config, secret },
            log,
          }),
          ...outboxJobHandlers({ db: handle.db, env: config, mailer }),
          ...(tusStorage && {
            [expireTusUploadsJobType]: expireTusUploadsJobHandler({
              db: handle.db,
              store: tusStorage.datastore as S3TusStore,
              log,
            }),
          }),
          [pruneJobType]: pruneJobHandler({
            db: handle.db,
            log,
            rateLimitWindowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
          }),
        },
      })
    : null;
  await scheduleRecurringJob(handle.db, monthlyGrantsJobType, monthlyGrantsEveryMs);
  await scheduleRecurringJob(handle.db, pruneJobType, pruneEveryMs);
  await scheduleRecurringJob(handle.db, expireOrdersJobType, expireOrdersEveryMs);
  if (tusStorage) {
    await scheduleRecurringJob(handle.db, expireTusUploadsJobType, expireTusUploadsEveryMs);
  }
  if (config.APP_MODE === "demo" && config.DEMO_CONTENT) {
    await seedDemoContent({ db: handle.db, storage, log }, demoCreatorEmail);
    await seedSiteHero(storage, log);
    worker?.wake();
    await seedDemoPurchase({ db: handle.db, events }, demoClientEmail);
  }
  return {
    env: config,
    db: handle.db,
    engine: handle.engine,
    auth,
    mailer,
    storage,
    tusStorage,
    events,
    secret,
    worker,
    async stopWorker(timeoutMs) {
      await worker?.stop({ timeoutMs });
    },
    async close() {
      await worker?.stop();
      stopMediaProcess();
      await events.close();
      // The shared upload lock holds a connection of its own on PostgreSQL.
      const locker = tusStorage?.locker as { close?: () => Promise<void> } | undefined;
      await locker?.close?.();
      await handle.close();
    },
  };
}

let booting: Promise<Services> | undefined;

/** Opens the database, migrates, seeds demo data: once per process. */
export function services(): Promise<Services> {
  booting ??= start();
  return booting;
}

export async function shutdown(): Promise<void> {
  if (!booting) return;
  const current = await booting;
  booting = undefined;
  await current.close();
}
