import type { Services } from "~/modules/services";

/**
 * Waits until the app's worker has run every job that is due (the consequences queued by the
 * requests before), instead of sleeping: retries scheduled later are left for later.
 */
export async function drainJobs(services: Pick<Services, "worker">): Promise<void> {
  if (!services.worker) throw new Error("drainJobs needs the in-process worker (MEDIA_WORKER)");
  await services.worker.drained();
}
