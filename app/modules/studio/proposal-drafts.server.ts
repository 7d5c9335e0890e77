import { asc } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import { categories } from "../db/schema";
import { proposedCategory, proposedContentKind } from "../ai/proposed-category";
import type { GeneratedMetadata } from "../ai/types";
import { mediaKindOf } from "../media/media-kind";
import { z } from "~/modules/validation/zod";
import { contentKinds, defaultContentKind } from "./content-kind";
import { maxDescriptionLength, maxTitleLength } from "./product-form";
import { defaultPriceCents, parseEuros } from "./pricing";
import {
  mergeProposal,
  type ProposalField,
  type ProposalSlot,
  type ProposalValues,
} from "./proposal-merge";
import { StudioError } from "./studio-error";
import { findStudioUpload, saveStudioProduct, type StudioDependencies } from "./submissions.server";
import { maxTagLength, maxTags } from "./tags";

/** What the page's form holds for the file when the seller asks (it may not be saved yet). */
const titleInput = z
  .string()
  .max(maxTitleLength * 4)
  .default("");
const descriptionInput = z
  .string()
  .max(maxDescriptionLength * 2)
  .default("");
const tagsInput = z
  .array(z.string().max(maxTagLength * 4))
  .max(maxTags * 4)
  .default([]);

/**
 * What the page's form holds for the file when the seller asks (it may not be saved yet): the
 * text in both languages under the studio form's own field names (decision 0049).
 */
export const currentFormSchema = z.object({
  title_fr: titleInput,
  title_en: titleInput,
  description_fr: descriptionInput,
  description_en: descriptionInput,
  tags_fr: tagsInput,
  tags_en: tagsInput,
  categoryId: z.string().max(64).default(""),
  kind: z.enum(contentKinds).optional(),
  /** Whether the seller changed the kind in the form (otherwise it is the default). */
  kindChosen: z.boolean().default(false),
  price: z.string().max(40).default(""),
});
export type CurrentForm = z.output<typeof currentFormSchema>;

export interface ProposalDraftResult {
  /** The form's values after the proposal, in both languages. */
  values: ProposalValues;
  /** Values the proposal wrote; the others kept what the seller had. */
  filled: ProposalSlot[];
  /** Whether the saved draft waits for the seller to look at it. */
  unreviewed: boolean;
}

/**
 * Applies a proposal to one of the seller's studio files and keeps the result as a draft, so it
 * survives a reload. Empty fields are filled, each language from the proposal in that language;
 * a filled one is replaced only when the seller asked for it (`replace`). An automatic proposal (auto-generation, "Tout générer") marks the
 * draft as not yet looked at; one the seller asked for on the open file does not.
 */
export async function saveProposalDraft(
  dependencies: StudioDependencies,
  viewer: Viewer,
  input: {
    uploadId: string;
    /** Null when the page sent none: the saved draft (or an empty form) stands for it. */
    current: CurrentForm | null;
    replace: ReadonlySet<ProposalField>;
    automatic: boolean;
    generated: GeneratedMetadata;
  },
): Promise<ProposalDraftResult> {
  const found = await findStudioUpload(dependencies.db, viewer, input.uploadId);
  if (!found || found.upload.status !== "complete" || found.upload.purpose !== "original")
    throw new StudioError("notFound", 404);
  const { upload, submission } = found;
  const media = mediaKindOf(upload.detectedMime ?? "", upload.fileName);
  const form: CurrentForm = input.current ?? {
    title_fr: submission?.titleFr ?? "",
    title_en: submission?.titleEn ?? "",
    description_fr: submission?.descriptionFr ?? "",
    description_en: submission?.descriptionEn ?? "",
    tags_fr: submission?.tagsFr ?? [],
    tags_en: submission?.tagsEn ?? [],
    categoryId: submission?.categoryId ?? "",
    kind: submission?.kind,
    kindChosen: false,
    price: "",
  };
  const kindChosen = Boolean(submission) || form.kindChosen;
  const currentKind = form.kind ?? submission?.kind ?? defaultContentKind(media);
  const current: ProposalValues = {
    title_fr: form.title_fr,
    title_en: form.title_en,
    description_fr: form.description_fr,
    description_en: form.description_en,
    tags_fr: form.tags_fr,
    tags_en: form.tags_en,
    categoryId: form.categoryId,
    kind: currentKind,
  };

  const proposedKind = proposedContentKind(media, [
    ...input.generated.fr.tags,
    ...input.generated.en.tags,
  ]);
  const kindAfter = input.replace.has("kind") || !kindChosen ? proposedKind : currentKind;
  const { fr, en } = input.generated;
  const tagsOf = (tags: string[]) =>
    tags.slice(0, maxTags).map((tag) => tag.slice(0, maxTagLength));
  const categoryRows = await dependencies.db
    .select()
    .from(categories)
    .orderBy(asc(categories.position));
  const { values, filled } = mergeProposal(
    current,
    {
      title_fr: fr.title.slice(0, maxTitleLength),
      title_en: en.title.slice(0, maxTitleLength),
      description_fr: fr.description.slice(0, maxDescriptionLength),
      description_en: en.description.slice(0, maxDescriptionLength),
      tags_fr: tagsOf(fr.tags),
      tags_en: tagsOf(en.tags),
      categoryId: proposedCategory(categoryRows, kindAfter, [
        ...input.generated.fr.tags,
        ...input.generated.en.tags,
      ]),
      kind: proposedKind,
    },
    input.replace,
    kindChosen,
  );
  // A category of another kind than the one kept would be refused later: propose none then.
  if (values.categoryId && !categoryRows.some((c) => c.id === values.categoryId)) {
    values.categoryId = "";
  }
  if (filled.length === 0)
    return { values, filled, unreviewed: submission?.proposalUnreviewed ?? false };

  const typedPrice = input.current ? parseEuros(input.current.price) : undefined;
  const price =
    typedPrice !== undefined
      ? typedPrice
      : (submission?.priceCents ??
        defaultPriceCents(values.kind, upload.fileName, upload.metadata));
  // Values the seller asked for on the open file are looked at; an automatic fill is not.
  const unreviewed = input.automatic;
  await saveStudioProduct(dependencies, viewer, {
    uploadId: upload.id,
    intent: "draft",
    fields: {
      title: {
        fr: values.title_fr.trim().slice(0, maxTitleLength),
        en: values.title_en.trim().slice(0, maxTitleLength),
      },
      description: {
        fr: values.description_fr.trim().slice(0, maxDescriptionLength),
        en: values.description_en.trim().slice(0, maxDescriptionLength),
      },
      categoryId: values.categoryId === "" ? null : values.categoryId,
      kind: values.kind,
      tags: { fr: values.tags_fr.slice(0, maxTags), en: values.tags_en.slice(0, maxTags) },
      price,
    },
    proposalUnreviewed: unreviewed,
  });
  return { values, filled, unreviewed };
}
