import { asc } from "drizzle-orm";
import type { Viewer } from "../auth/roles";
import { categories } from "../db/schema";
import { proposedCategory, proposedContentKind } from "../ai/proposed-category";
import type { GeneratedMetadata } from "../ai/types";
import type { Locale } from "../i18n/locale";
import { mediaKindOf } from "../media/media-kind";
import { z } from "~/modules/validation/zod";
import { contentKinds, defaultContentKind } from "./content-kind";
import { maxDescriptionLength, maxTitleLength } from "./product-form";
import { defaultPriceCents, parseEuros } from "./pricing";
import { mergeProposal, type ProposalField, type ProposalValues } from "./proposal-merge";
import { StudioError } from "./studio-error";
import { findStudioUpload, saveStudioProduct, type StudioDependencies } from "./submissions.server";
import { maxTagLength, maxTags } from "./tags";

/** What the page's form holds for the file when the seller asks (it may not be saved yet). */
export const currentFormSchema = z.object({
  title: z
    .string()
    .max(maxTitleLength * 4)
    .default(""),
  description: z
    .string()
    .max(maxDescriptionLength * 2)
    .default(""),
  tags: z
    .array(z.string().max(maxTagLength * 4))
    .max(maxTags * 4)
    .default([]),
  categoryId: z.string().max(64).default(""),
  kind: z.enum(contentKinds).optional(),
  /** Whether the seller changed the kind in the form (otherwise it is the default). */
  kindChosen: z.boolean().default(false),
  price: z.string().max(40).default(""),
});
export type CurrentForm = z.output<typeof currentFormSchema>;

export interface ProposalDraftResult {
  /** The form's values after the proposal, in the page's language. */
  values: ProposalValues;
  /** Fields the proposal wrote; the others kept what the seller had. */
  filled: ProposalField[];
  /** Whether the saved draft waits for the seller to look at it. */
  unreviewed: boolean;
}

/**
 * Applies a proposal to one of the seller's studio files and keeps the result as a draft, so it
 * survives a reload. Empty fields are filled; a filled one is replaced only when the seller
 * asked for it (`replace`). An automatic proposal (auto-generation, "Tout générer") marks the
 * draft as not yet looked at; one the seller asked for on the open file does not.
 */
export async function saveProposalDraft(
  dependencies: StudioDependencies,
  viewer: Viewer,
  input: {
    uploadId: string;
    locale: Locale;
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
    title: submission?.title ?? "",
    description: submission?.description ?? "",
    tags: submission?.tags ?? [],
    categoryId: submission?.categoryId ?? "",
    kind: submission?.kind,
    kindChosen: false,
    price: "",
  };
  const kindChosen = Boolean(submission) || form.kindChosen;
  const currentKind = form.kind ?? submission?.kind ?? defaultContentKind(media);
  const current: ProposalValues = {
    title: form.title,
    description: form.description,
    tags: form.tags,
    categoryId: form.categoryId,
    kind: currentKind,
  };

  const proposedKind = proposedContentKind(media, [
    ...input.generated.fr.tags,
    ...input.generated.en.tags,
  ]);
  const kindAfter = input.replace.has("kind") || !kindChosen ? proposedKind : currentKind;
  const proposal = input.generated[input.locale];
  const categoryRows = await dependencies.db
    .select()
    .from(categories)
    .orderBy(asc(categories.position));
  const { values, filled } = mergeProposal(
    current,
    {
      title: proposal.title.slice(0, maxTitleLength),
      description: proposal.description.slice(0, maxDescriptionLength),
      tags: proposal.tags.slice(0, maxTags).map((tag) => tag.slice(0, maxTagLength)),
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
      title: values.title.trim().slice(0, maxTitleLength),
      description: values.description.trim().slice(0, maxDescriptionLength),
      categoryId: values.categoryId === "" ? null : values.categoryId,
      kind: values.kind,
      tags: values.tags.slice(0, maxTags),
      price,
    },
    proposalUnreviewed: unreviewed,
  });
  return { values, filled, unreviewed };
}
