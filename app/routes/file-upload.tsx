import { data } from "react-router";
import { z } from "~/modules/validation/zod";
import { UploadStudio } from "~/components/uploads/upload-studio";
import { services } from "~/modules/app.server";
import { setFlash } from "~/modules/http/flash.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import {
  discardStudioUpload,
  listStudioUploads,
  uploadsDirectory,
} from "~/modules/uploads/studio-uploads.server";
import type { Route } from "./+types/file-upload";

const guard = { message: "sellerOnly", visitorMessage: "unauthorized" } as const;

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "fileUpload"), { name: "robots", content: "noindex" }];
}

/** Step 1 of 2 (docs/product.md, "Uploads and the seller's studio"): the seller's studio files, from the server, so a reload keeps them. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireAccess(context, "seller", guard);
  const { db, env } = await services();
  return { files: await listStudioUploads(db, viewer.id, uploadsDirectory(env.dataDir)) };
}

const discardForm = z.object({ intent: z.literal("discard"), id: z.string().min(1).max(100) });

/** Removes one of the viewer's own studio files (admins included: their own only). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAccess(context, "seller", guard);
  const form = await readForm(request);
  const parsed = discardForm.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) return data({ ok: false }, 400);
  const { db, storage } = await services();
  const removed = await discardStudioUpload(db, storage, viewer.id, parsed.data.id);
  // A refusal changes nothing, so nothing is reloaded: the page says it from the answer.
  if (!removed) return data({ ok: false }, 404);
  const headers = new Headers();
  await setFlash(headers, {
    kind: "success",
    key: "fileUpload.removed",
    params: { name: removed.fileName },
  });
  return data({ ok: true }, { headers });
}

export default function FileUpload({ loaderData }: Route.ComponentProps) {
  return <UploadStudio files={loaderData.files} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
