import {
  BookOpen,
  Box,
  CircleAlert,
  CircleCheck,
  CloudUpload,
  File as FileGlyph,
  Film,
  Image as ImageGlyph,
  Music,
  PenTool,
  Trash2,
  X,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { mediaErrorText } from "~/components/studio/media-error-text";
import { Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "~/components/shell/toasts";
import { formatBytes, formatNumber, formatPercent } from "~/modules/i18n/i18n";
import type { Locale } from "~/modules/i18n/locale";
import type { StudioUpload } from "~/modules/uploads/studio-uploads.server";
import { maxUploadBytes, maxUploadFiles, uploadAccept } from "~/modules/uploads/upload-rules";
import { localePath, useLocale } from "../use-locale";
import { useUploadQueue, type LocalUpload, type Resumable } from "./use-upload-queue";

type Phase = "pending" | "uploading" | "interrupted" | "completed" | "error";

/** One line of the list: a server-listed file, a file being sent, or both. */
interface Row {
  key: string;
  uploadId: string | null;
  name: string;
  size: number;
  mime: string | null;
  phase: Phase;
  /** 0 to 1. */
  ratio: number;
  error: string | null;
  processingStatus: StudioUpload["processingStatus"];
  processingError: string | null;
  inDraft: boolean;
  local: LocalUpload | null;
}

function ratioOf(done: number, total: number): number {
  return total > 0 ? Math.min(1, done / total) : 0;
}

function fromServer(file: StudioUpload): Row {
  return {
    key: file.id,
    uploadId: file.id,
    name: file.fileName,
    size: file.size,
    mime: file.detectedMime,
    phase: file.status === "complete" ? "completed" : "interrupted",
    ratio: ratioOf(file.receivedBytes, file.size),
    error: null,
    processingStatus: file.processingStatus,
    processingError: file.processingError,
    inDraft: file.inDraft,
    local: null,
  };
}

function fromLocal(item: LocalUpload, server: StudioUpload | undefined): Row {
  return {
    key: item.key,
    uploadId: item.uploadId,
    name: item.name,
    size: item.size,
    mime: server?.detectedMime ?? item.mime,
    phase: item.status,
    ratio: item.status === "completed" ? 1 : ratioOf(item.bytesSent, item.size),
    error: item.error,
    processingStatus: server?.processingStatus ?? "none",
    processingError: server?.processingError ?? null,
    inDraft: server?.inDraft ?? false,
    local: item,
  };
}

/** Server rows in their order, each overlaid by the file being sent for it; then new files. */
function mergeRows(files: StudioUpload[], items: LocalUpload[]): Row[] {
  const localById = new Map<string, LocalUpload>();
  for (const item of items) if (item.uploadId) localById.set(item.uploadId, item);
  const shown = new Set<string>();
  const rows = files.map((file) => {
    const local = localById.get(file.id);
    if (!local) return fromServer(file);
    shown.add(local.key);
    return local.status === "completed" && file.status === "complete"
      ? fromServer(file)
      : fromLocal(local, file);
  });
  for (const item of items) if (!shown.has(item.key)) rows.push(fromLocal(item, undefined));
  return rows;
}

type Kind = "image" | "video" | "audio" | "ebook" | "vector" | "model" | "file";

// Until the server has read the bytes (an unfinished upload), the name's extension picks the icon.
const kindByExtension: Record<string, Kind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  gif: "image",
  webp: "image",
  bmp: "image",
  tif: "image",
  tiff: "image",
  mp4: "video",
  mov: "video",
  avi: "video",
  webm: "video",
  mkv: "video",
  wmv: "video",
  flv: "video",
  mp3: "audio",
  wav: "audio",
  ogg: "audio",
  m4a: "audio",
  aac: "audio",
  flac: "audio",
  pdf: "ebook",
  svg: "vector",
  ai: "vector",
  eps: "vector",
  glb: "model",
  gltf: "model",
};

function kindOf(mime: string | null, name: string): Kind {
  const type = mime ?? "";
  if (type === "image/svg+xml" || type.includes("postscript") || type.includes("eps")) {
    return "vector";
  }
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  if (type === "application/pdf") return "ebook";
  if (type.startsWith("model/")) return "model";
  const extension = name.includes(".") ? (name.split(".").pop() ?? "").toLowerCase() : "";
  return kindByExtension[extension] ?? "file";
}

const kindIcons = {
  image: ImageGlyph,
  video: Film,
  audio: Music,
  ebook: BookOpen,
  vector: PenTool,
  model: Box,
  file: FileGlyph,
} as const;

function KindIcon({ mime, name }: { mime: string | null; name: string }) {
  const Icon = kindIcons[kindOf(mime, name)];
  return <Icon className="h-6 w-6 text-muted" aria-hidden="true" />;
}

/** The file's thumbnail once the server has one; its kind's icon until then or on failure. */
function Thumbnail({ row }: { row: Row }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const showImage =
    row.phase === "completed" &&
    row.uploadId !== null &&
    !["queued", "processing", "failed"].includes(row.processingStatus);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-2">
      {showImage && !failed ? (
        <img
          ref={image}
          src={`/media/${row.uploadId}/thumbnail`}
          alt=""
          className="h-full w-full object-cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <KindIcon mime={row.mime} name={row.name} />
      )}
    </div>
  );
}

function ProgressBar({ row, label }: { row: Row; label: string }) {
  const locale = useLocale();
  const percent = Math.round(row.ratio * 100);
  const colour = row.phase === "interrupted" ? "bg-muted" : "bg-accent";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={formatPercent(locale, row.ratio * 100, 0)}
      className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-surface-2"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-300 ${colour}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function ProcessingLabel({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.phase !== "completed" || row.processingStatus === "none") return null;
  const styles = {
    queued: "bg-surface-2 text-muted",
    processing: "bg-accent-soft text-fg",
    ready: "bg-success/15 text-fg",
    failed: "bg-danger/10 text-danger",
  } as const;
  const errorText = mediaErrorText(t, row.processingError);
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${styles[row.processingStatus]}`}
      >
        {t(`fileUpload.processing.${row.processingStatus}`)}
      </span>
      {row.processingStatus === "failed" && errorText ? (
        <span className="text-xs text-danger">{errorText}</span>
      ) : null}
    </span>
  );
}

function StatusLine({ row }: { row: Row }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const percent = formatPercent(locale, row.ratio * 100, 0);
  switch (row.phase) {
    case "pending":
      return <span className="text-muted">{t("fileUpload.status.pending")}</span>;
    case "uploading":
      return <span className="text-fg">{t("fileUpload.status.uploading", { percent })}</span>;
    case "interrupted":
      return <span className="text-fg">{t("fileUpload.status.interrupted", { percent })}</span>;
    case "completed":
      return (
        <span className="inline-flex items-center gap-1 text-success">
          <CircleCheck className="h-4 w-4" aria-hidden="true" />
          {t("fileUpload.status.completed")}
        </span>
      );
    case "error":
      return (
        <span className="inline-flex items-start gap-1 text-danger">
          <CircleAlert
            className="mt-0.5 h-4 w-4 shrink-0"
            role="img"
            aria-label={t("fileUpload.status.error")}
          />
          <span>{row.error}</span>
        </span>
      );
  }
}

/** Removes a server-listed file that no product uses (route action, owner checked there). */
function RemoveButton({ row, onRemove }: { row: Row; onRemove: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean }>();
  const busy = fetcher.state !== "idle";
  const refused = fetcher.state === "idle" && fetcher.data?.ok === false;
  useEffect(() => {
    if (refused) toast.error(t("fileUpload.removeFailed"));
  }, [refused, t]);
  return (
    <fetcher.Form method="post" onSubmit={onRemove}>
      <input type="hidden" name="intent" value="discard" />
      <input type="hidden" name="id" value={row.uploadId ?? ""} />
      <button
        type="submit"
        className="btn-ghost px-2.5 text-danger"
        disabled={busy}
        aria-label={t("fileUpload.removeLabel", { name: row.name })}
        title={t("fileUpload.removeLabel", { name: row.name })}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t("fileUpload.remove")}</span>
      </button>
    </fetcher.Form>
  );
}

function FileRow({
  row,
  onCancel,
  onDismiss,
  onRemove,
}: {
  row: Row;
  onCancel: (key: string) => void;
  onDismiss: (key: string) => void;
  /** The row is about to go: the focus moves to the list's heading. */
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const iconButton = (label: string, text: string, onClick: () => void) => (
    <button
      type="button"
      className="btn-ghost px-2.5"
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      <X className="h-4 w-4" aria-hidden="true" />
      <span className="hidden sm:inline">{text}</span>
    </button>
  );
  let action: React.ReactNode = null;
  if (row.local && (row.phase === "pending" || row.phase === "uploading")) {
    const key = row.local.key;
    action = iconButton(
      t("fileUpload.cancelLabel", { name: row.name }),
      t("fileUpload.cancel"),
      () => onCancel(key),
    );
  } else if (row.local && row.phase === "error") {
    const key = row.local.key;
    action = iconButton(
      t("fileUpload.dismissLabel", { name: row.name }),
      t("fileUpload.dismiss"),
      () => onDismiss(key),
    );
  } else if (!row.local && !row.inDraft && row.uploadId) {
    action = <RemoveButton row={row} onRemove={onRemove} />;
  }
  return (
    <li className="flex items-start gap-3 p-4">
      <Thumbnail key={`${row.uploadId ?? row.key}:${row.processingStatus}`} row={row} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={row.name}>
          {row.name}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-muted">{formatBytes(locale, row.size)}</span>
          <StatusLine row={row} />
          <ProcessingLabel row={row} />
          {row.inDraft ? (
            <span className="text-xs text-muted">{t("fileUpload.inDraft")}</span>
          ) : null}
        </p>
        {row.phase !== "error" && row.phase !== "completed" ? (
          <ProgressBar row={row} label={t("fileUpload.progressLabel", { name: row.name })} />
        ) : null}
        {row.phase === "interrupted" ? (
          <p className="mt-1 text-xs text-muted">{t("fileUpload.resumeHint")}</p>
        ) : null}
      </div>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

function StepIndicator() {
  const { t } = useTranslation();
  const steps = [t("fileUpload.steps.upload"), t("fileUpload.steps.details")];
  return (
    <div>
      <p className="text-sm font-semibold text-accent">
        {t("fileUpload.steps.current", { current: 1, total: 2 })}
      </p>
      <ol aria-label={t("fileUpload.steps.label")} className="mt-3 flex items-center gap-2 text-sm">
        {steps.map((label, index) => (
          <li
            key={label}
            aria-current={index === 0 ? "step" : undefined}
            className="flex min-w-0 items-center gap-2"
          >
            {index > 0 ? <span aria-hidden="true" className="h-px w-6 bg-border sm:w-10" /> : null}
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                index === 0 ? "bg-accent text-accent-fg" : "border border-border text-muted"
              }`}
            >
              {index + 1}
            </span>
            <span className={index === 0 ? "font-semibold" : "text-muted"}>{label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const locale: Locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  return (
    <div
      onDragEnter={(event) => {
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-describedby="file-upload-limits"
        className={`flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors sm:py-14 ${
          dragging
            ? "border-accent bg-accent-soft"
            : "border-border bg-surface hover:border-accent hover:bg-surface-2"
        }`}
      >
        <CloudUpload className="h-10 w-10 text-accent" aria-hidden="true" />
        <span className="text-lg font-semibold">
          {dragging ? t("fileUpload.dropActive") : t("fileUpload.dropTitle")}
        </span>
        <span className="text-sm text-muted">{t("fileUpload.dropAction")}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={uploadAccept}
        aria-label={t("fileUpload.chooseFiles")}
        className="hidden"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // Picking the same file again (to resume it) must fire a change again.
          event.target.value = "";
        }}
      />
      <div id="file-upload-limits" className="mt-3 space-y-1 text-sm text-muted">
        <p>
          {t("fileUpload.limits", {
            files: formatNumber(locale, maxUploadFiles),
            size: formatBytes(locale, maxUploadBytes),
          })}
        </p>
        <p>{t("fileUpload.allowedTypes")}</p>
      </div>
    </div>
  );
}

/** The seller's upload step (docs/product.md, "Uploads and the seller's studio", step 1 of 2): drop zone, files, continue. */
export function UploadStudio({ files }: { files: StudioUpload[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [announcement, setAnnouncement] = useState("");

  const resumable: Resumable = useMemo(
    () =>
      new Map(
        files
          .filter((file) => file.status === "uploading")
          .map((file) => [file.id, { name: file.fileName, size: file.size }]),
      ),
    [files],
  );
  const refresh = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const { items, addFiles, cancel, dismiss, forget } = useUploadQueue({
    locale,
    resumable,
    onChange: refresh,
    announce: setAnnouncement,
  });
  const rows = useMemo(() => mergeRows(files, items), [files, items]);

  // Files the server now lists as complete need no local copy any more.
  useEffect(() => {
    const complete = new Set(files.filter((file) => file.status === "complete").map((f) => f.id));
    forget(
      new Set(
        items
          .filter((item) => item.status === "completed" && complete.has(item.uploadId ?? ""))
          .map((item) => item.key),
      ),
    );
  }, [files, items, forget]);

  // Thumbnails and processing labels come from the media worker: look again every 3 s meanwhile.
  const processing = files.some(
    (file) => file.processingStatus === "queued" || file.processingStatus === "processing",
  );
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);

  // A file dropped beside the zone must not make the browser leave the page to open it.
  useEffect(() => {
    const keep = (event: DragEvent) => event.preventDefault();
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusList = () => listHeading.current?.focus();

  const onFiles = (picked: File[]) =>
    addFiles(picked, rows.filter((row) => row.phase !== "error").length);
  const completed = rows.filter((row) => row.phase === "completed").length;

  return (
    <section className="container-page py-8 sm:py-10">
      <StepIndicator />
      <h1 className="mt-6 text-3xl font-semibold">{t("fileUpload.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("fileUpload.intro")}</p>

      <div className="mt-8">
        <DropZone onFiles={onFiles} />
      </div>

      <section aria-labelledby="file-upload-list" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="file-upload-list"
            ref={listHeading}
            tabIndex={-1}
            className="text-xl font-semibold outline-none"
          >
            {t("fileUpload.listTitle")}
          </h2>
          {rows.length > 0 ? (
            <p className="text-sm text-muted">
              {t("fileUpload.listSummary", {
                completed: formatNumber(locale, completed),
                total: formatNumber(locale, rows.length),
              })}
            </p>
          ) : null}
        </div>
        {rows.length === 0 ? (
          <p className="card mt-4 p-6 text-muted">{t("fileUpload.listEmpty")}</p>
        ) : (
          <ul className="card mt-4 divide-y divide-border">
            {rows.map((row) => (
              <FileRow
                key={row.key}
                row={row}
                onCancel={(key) => {
                  focusList();
                  void cancel(key);
                }}
                onDismiss={(key) => {
                  focusList();
                  dismiss(key);
                }}
                onRemove={focusList}
              />
            ))}
          </ul>
        )}
        <p role="status" aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </section>

      <div className="mt-10 flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-end">
        <Link to={localePath(locale, "/seller-dashboard")} className="btn-secondary">
          {t("fileUpload.cancelStep")}
        </Link>
        <Link
          to={localePath(locale, "/product-management")}
          className="btn-primary"
          onClick={(event) => {
            if (completed > 0) return;
            event.preventDefault();
            toast.error(t("fileUpload.toasts.needFile"), { id: "file-upload-need-file" });
          }}
        >
          {t("fileUpload.continue")}
        </Link>
      </div>
    </section>
  );
}
