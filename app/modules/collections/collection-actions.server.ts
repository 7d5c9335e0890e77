import { data, redirect } from "react-router";
import type { Viewer } from "../auth/roles";
import type { Database } from "../db/client.server";
import { setFlash } from "../http/flash.server";
import { safeRedirectTarget } from "../http/safe-redirect";
import type { Locale } from "../i18n/locale";
import type { CollectionErrorKey } from "./collection-name";
import {
  CollectionError,
  collectionNameSchema,
  createCollection,
  deleteCollection,
  renameCollection,
  revokeShare,
  setCollectionItem,
  shareCollection,
} from "./collections.server";

export type CollectionActionResult =
  { ok: true; present?: boolean } | { ok: false; error: CollectionErrorKey; intent: string };

const flashFor = {
  create: "collections.flash.created",
  rename: "collections.flash.renamed",
  delete: "collections.flash.deleted",
  share: "collections.flash.shared",
  revoke: "collections.flash.revoked",
  add: "collections.flash.added",
  remove: "collections.flash.removed",
} as const;

type Intent = keyof typeof flashFor;

/**
 * Every change to a buyer's collections, from the collection pages' forms and the save dialog.
 * The viewer is already signed in; each change checks the collection is theirs (a 404
 * otherwise, as for a collection that does not exist). A form that names `redirectTo` (plain
 * forms, without JavaScript) is sent back there with a toast; the dialog's requests get data.
 */
export async function runCollectionAction(
  db: Database,
  viewer: Viewer,
  form: FormData,
  locale: Locale,
) {
  const intent = String(form.get("intent") ?? "") as Intent;
  if (!(intent in flashFor)) throw data(null, { status: 400 });
  const collectionId = String(form.get("collectionId") ?? "");
  const submissionId = String(form.get("submissionId") ?? "");
  let landing: string | null = safeRedirectTarget(form.get("redirectTo"));
  try {
    if (intent === "create" || intent === "rename") {
      const name = collectionNameSchema.safeParse(form.get("name") ?? "");
      if (!name.success) {
        return data<CollectionActionResult>(
          { ok: false, error: name.error.issues[0]!.message as CollectionErrorKey, intent },
          { status: 400 },
        );
      }
      if (intent === "rename") {
        await renameCollection(db, viewer.id, collectionId, name.data);
      } else {
        const created = await createCollection(db, viewer.id, name.data);
        if (submissionId) await setCollectionItem(db, viewer.id, created.id, submissionId, true);
        landing ??= form.has("open") ? `/${locale}/collections/${created.id}` : null;
      }
    } else if (intent === "delete") {
      await deleteCollection(db, viewer.id, collectionId);
      landing = `/${locale}/collections`;
    } else if (intent === "share") {
      await shareCollection(db, viewer.id, collectionId);
    } else if (intent === "revoke") {
      await revokeShare(db, viewer.id, collectionId);
    } else {
      await setCollectionItem(db, viewer.id, collectionId, submissionId, intent === "add");
    }
  } catch (error) {
    if (!(error instanceof CollectionError)) throw error;
    if (error.code === "notFound" && intent !== "add" && intent !== "create") {
      throw data(null, { status: 404 });
    }
    return data<CollectionActionResult>(
      { ok: false, error: `collections.errors.${error.code}`, intent },
      { status: error.code === "notFound" ? 404 : 400 },
    );
  }
  if (!landing) {
    return data<CollectionActionResult>(
      intent === "add" || intent === "remove"
        ? { ok: true, present: intent === "add" }
        : { ok: true },
    );
  }
  const headers = new Headers();
  await setFlash(headers, { kind: "success", key: flashFor[intent] });
  throw redirect(landing, { headers });
}
