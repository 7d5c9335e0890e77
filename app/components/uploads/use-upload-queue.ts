import type { TFunction } from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/shell/toasts";
import type { DetailedError, Upload } from "tus-js-client";
import { formatNumber } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";
import { isUploadErrorCode, maxUploadBytes, maxUploadFiles } from "~/modules/uploads/upload-rules";

/** A file picked in this page, while the browser sends it (tus). */
export interface LocalUpload {
  key: string;
  name: string;
  size: number;
  /** The browser's word for the type: only to pick an icon. */
  mime: string;
  status: "pending" | "uploading" | "completed" | "error";
  bytesSent: number;
  /** The server's id, once the upload exists there (or is being resumed). */
  uploadId: string | null;
  error: string | null;
}

type PreviousUpload = Awaited<ReturnType<Upload["findPreviousUploads"]>>[number];

interface Batch {
  remaining: number;
  succeeded: number;
  failed: number;
}

interface Job {
  file: File;
  batch: Batch;
  upload: Upload | null;
  /** Counted among the parallel transfers. */
  running: boolean;
  cancelled: boolean;
  settled: boolean;
}

/** Unfinished uploads the server holds for this seller, by id, with what identifies their file. */
export type Resumable = ReadonlyMap<string, { name: string; size: number }>;

const chunkSize = 32 * 1024 * 1024;
const retryDelays = [0, 1000, 3000, 5000];
/** Files sent at the same time; the others wait their turn (status pending). */
const parallelUploads = 3;

function idFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return new URL(url, window.location.href).pathname.split("/").pop() || null;
}

/** What the tus server's refusals carry (upload-server.server.ts). */
interface RefusalBody {
  code?: unknown;
  message?: unknown;
  detected?: unknown;
}

/** The server's refusal in the page's language, from its JSON body `{ code, detected }`. */
export function uploadErrorMessage(error: unknown, t: TFunction): string {
  const response = (error as Partial<DetailedError> | null)?.originalResponse;
  if (!response) return t("fileUpload.errors.network");
  let body: RefusalBody | null;
  try {
    body = JSON.parse(response.getBody()) as RefusalBody | null;
  } catch {
    body = null;
  }
  if (body && isUploadErrorCode(body.code)) {
    const detected = typeof body.detected === "string" ? body.detected : "";
    return t(`uploads.errors.${body.code}`, { detected });
  }
  if (response.getStatus() === 413) return t("uploads.errors.fileTooLarge");
  return t("fileUpload.errors.unknown");
}

/**
 * The page's upload queue: checks the limits at once, sends files with tus-js-client (three at a
 * time, resumable across reloads through the fingerprints it keeps in localStorage), and reports
 * each batch with its fixed toasts (docs/product.md, "Fixed texts").
 */
export function useUploadQueue({
  locale,
  resumable,
  onChange,
  announce,
}: {
  locale: Locale;
  resumable: Resumable;
  /** Called when the server's list has changed: an upload completed, failed or was cancelled. */
  onChange: () => void;
  announce: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<LocalUpload[]>([]);
  const jobs = useRef(new Map<string, Job>());
  const queue = useRef<string[]>([]);
  const active = useRef(0);
  // Callbacks of running uploads read the latest values (the language may switch meanwhile).
  const latest = useRef({ t, locale, resumable, onChange, announce });
  useEffect(() => {
    latest.current = { t, locale, resumable, onChange, announce };
  });

  const update = useCallback((key: string, patch: Partial<LocalUpload>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const finishBatch = useCallback((batch: Batch) => {
    const { t: translate, locale: lang, onChange: changed } = latest.current;
    if (batch.succeeded > 0) {
      toast.success(
        translate("fileUpload.toasts.success", {
          count: batch.succeeded,
          n: formatNumber(lang, batch.succeeded),
        }),
      );
    }
    // One failed file already has its own toast; the summary is for batches of several.
    if (batch.failed > 1 || (batch.failed > 0 && batch.succeeded > 0)) {
      toast.error(
        translate("fileUpload.toasts.failedCount", {
          count: batch.failed,
          n: formatNumber(lang, batch.failed),
        }),
      );
    }
    changed();
  }, []);

  const pumpRef = useRef<() => void>(() => {});

  const settle = useCallback(
    (key: string, outcome: "completed" | "error" | "cancelled") => {
      const job = jobs.current.get(key);
      if (!job || job.settled) return;
      job.settled = true;
      jobs.current.delete(key);
      if (job.running) active.current -= 1;
      queue.current = queue.current.filter((queued) => queued !== key);
      if (outcome === "completed") job.batch.succeeded += 1;
      if (outcome === "error") job.batch.failed += 1;
      job.batch.remaining -= 1;
      if (outcome === "completed") latest.current.onChange();
      if (job.batch.remaining === 0) finishBatch(job.batch);
      pumpRef.current();
    },
    [finishBatch],
  );

  const fail = useCallback(
    (key: string, name: string, message: string) => {
      const { t: translate, announce: say } = latest.current;
      update(key, { status: "error", error: message });
      // Identical messages of one batch share a toast rather than pile up.
      toast.error(translate("fileUpload.toasts.uploadFailed", { message }), {
        id: `upload-failed:${message}`,
      });
      say(translate("fileUpload.announce.failed", { name, message }));
      settle(key, "error");
    },
    [settle, update],
  );

  const start = useCallback(
    async (key: string) => {
      const job = jobs.current.get(key);
      if (!job || job.cancelled) return;
      const { file } = job;
      update(key, { status: "uploading" });
      try {
        const tus = await import("tus-js-client");
        if (job.cancelled) return;
        const upload: Upload = new tus.Upload(file, {
          endpoint: new URL("/api/uploads", window.location.href).href,
          chunkSize,
          retryDelays,
          metadata: { filename: file.name, filetype: file.type || "application/octet-stream" },
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          onUploadUrlAvailable() {
            update(key, { uploadId: idFromUrl(upload.url) });
          },
          onProgress(bytesSent) {
            update(key, { bytesSent });
          },
          onSuccess() {
            update(key, { status: "completed", bytesSent: file.size, error: null });
            latest.current.announce(
              latest.current.t("fileUpload.announce.completed", { name: file.name }),
            );
            settle(key, "completed");
          },
          onError(error) {
            fail(key, file.name, uploadErrorMessage(error, latest.current.t));
          },
        });
        job.upload = upload;
        const previous: PreviousUpload[] = await upload.findPreviousUploads();
        if (job.cancelled) return;
        // Resume only an upload the server lists as this seller's and unfinished; any other
        // stored address (another account's, a removed file) would only cost a refused request.
        const known = latest.current.resumable;
        const resumeFrom = previous
          .filter((entry) => known.has(idFromUrl(entry.uploadUrl) ?? ""))
          .sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (resumeFrom) {
          const uploadId = idFromUrl(resumeFrom.uploadUrl);
          upload.resumeFromPreviousUpload(resumeFrom);
          // An earlier failed attempt at the same upload gives way to this one.
          setItems((current) =>
            current
              .filter((item) => item.key === key || item.uploadId !== uploadId)
              .map((item) => (item.key === key ? { ...item, uploadId } : item)),
          );
        }
        upload.start();
      } catch (error) {
        fail(key, file.name, uploadErrorMessage(error, latest.current.t));
      }
    },
    [fail, settle, update],
  );

  useEffect(() => {
    pumpRef.current = () => {
      while (active.current < parallelUploads && queue.current.length > 0) {
        const key = queue.current.shift()!;
        const job = jobs.current.get(key);
        if (!job) continue;
        job.running = true;
        active.current += 1;
        void start(key);
      }
    };
  }, [start]);

  /**
   * Adds picked or dropped files. `used` is how many files the studio already holds; a file
   * that resumes an unfinished upload takes no new place.
   */
  const addFiles = useCallback(
    (files: File[], used: number) => {
      if (files.length === 0) return;
      const { t: translate, resumable: known } = latest.current;
      const batch: Batch = { remaining: files.length, succeeded: 0, failed: 0 };
      const resumes = (file: File) =>
        [...known.values()].some((entry) => entry.name === file.name && entry.size === file.size);
      let places = used;
      const added: LocalUpload[] = [];
      const refused: { key: string; name: string; message: string }[] = [];
      for (const file of files) {
        const key = crypto.randomUUID();
        const item: LocalUpload = {
          key,
          name: file.name,
          size: file.size,
          mime: file.type,
          status: "pending",
          bytesSent: 0,
          uploadId: null,
          error: null,
        };
        let message: string | null = null;
        if (file.size > maxUploadBytes) message = translate("uploads.errors.fileTooLarge");
        else if (!resumes(file) && places >= maxUploadFiles) {
          message = translate("uploads.errors.tooManyFiles");
        } else if (!resumes(file)) places += 1;
        jobs.current.set(key, {
          file,
          batch,
          upload: null,
          running: false,
          cancelled: false,
          settled: false,
        });
        if (message) refused.push({ key, name: file.name, message });
        else queue.current.push(key);
        added.push(item);
      }
      setItems((current) => [...current, ...added]);
      for (const { key, name, message } of refused) fail(key, name, message);
      pumpRef.current();
    },
    [fail],
  );

  /** Stops a file: a started upload is deleted on the server too (tus DELETE). */
  const cancel = useCallback(
    async (key: string) => {
      const job = jobs.current.get(key);
      const item = items.find((candidate) => candidate.key === key);
      setItems((current) => current.filter((candidate) => candidate.key !== key));
      if (item) {
        latest.current.announce(
          latest.current.t("fileUpload.announce.cancelled", { name: item.name }),
        );
      }
      if (!job) return;
      job.cancelled = true;
      const upload = job.upload;
      settle(key, "cancelled");
      if (upload) {
        await upload.abort(true).catch(() => undefined);
        latest.current.onChange();
      }
    },
    [items, settle],
  );

  /** Takes a failed file off the list (an unfinished upload the server keeps shows as such). */
  const dismiss = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  /** Forgets files the server now lists as complete: its list is the truth from then on. */
  const forget = useCallback((keys: ReadonlySet<string>) => {
    if (keys.size === 0) return;
    setItems((current) => current.filter((item) => !keys.has(item.key)));
  }, []);

  // Leaving the page stops the transfers but keeps them resumable.
  useEffect(() => {
    const running = jobs.current;
    return () => {
      for (const job of running.values()) {
        job.cancelled = true;
        void job.upload?.abort(false);
      }
    };
  }, []);

  return { items, addFiles, cancel, dismiss, forget };
}
