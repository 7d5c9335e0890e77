import type { Viewer } from "../auth/roles";
import { bilingual } from "../i18n/bilingual-text";
import type { Locale } from "../i18n/locale";
import type { ContentEditResult, EditErrorCode, EditField, EditValues } from "./content-edit-form";
import { newTagsField } from "./content-edit-form";
import { bilingualFieldName } from "./product-form";
import { productFieldsSchema } from "./product-fields.server";
import { StudioError } from "./studio-error";
import { addFilesToSubmission, updateSubmission } from "./submission-edit.server";
import type { StudioDependencies } from "./submissions.server";
import { addTags } from "./tags";

/** The edit form as typed: chips and the words still in the keyword boxes. */
export function editValuesOf(form: FormData): EditValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const both = (field: "title" | "description") =>
    bilingual(text(bilingualFieldName(field, "fr")), text(bilingualFieldName(field, "en")));
  // Chips travel as repeated `tags_<lang>`, text still in the box as `newTags_<lang>`.
  const tagsOf = (lang: Locale) => {
    const kept = addTags([], form.getAll(bilingualFieldName("tags", lang)).map(String).join("\n"));
    return addTags(kept, text(newTagsField(lang)));
  };
  return {
    title: both("title"),
    description: both("description"),
    categoryId: text("categoryId"),
    kind: text("kind"),
    tags: bilingual(tagsOf("fr"), tagsOf("en")),
    price: text("price"),
  };
}

const fieldOfCode: Partial<Record<EditErrorCode, EditField>> = {
  titleRequired: "title",
  titleTooLong: "title",
  descriptionTooLong: "description",
  priceInvalid: "price",
  kindNotAllowed: "kind",
  categoryNotFound: "categoryId",
  tagsInvalid: "tags",
};

/** Which field an error belongs to, for the message beside it (null: the whole form). */
export function fieldOf(code: EditErrorCode, values: EditValues): EditField | null {
  if (code === "titleAndDescriptionRequired")
    return values.title.fr.trim() === "" && values.title.en.trim() === "" ? "title" : "description";
  return fieldOfCode[code] ?? null;
}

/** A schema refusal as one of our codes (the schema's own messages are codes already). */
export function codeOfIssue(field: EditField, message: string): EditErrorCode {
  const byField: Record<EditField, EditErrorCode> = {
    title: "titleTooLong",
    description: "descriptionTooLong",
    categoryId: "categoryNotFound",
    kind: "kindNotAllowed",
    tags: "tagsInvalid",
    price: "priceInvalid",
  };
  return message in fieldOfCode || message === "titleAndDescriptionRequired"
    ? (message as EditErrorCode)
    : byField[field];
}

/** What the page does next: go somewhere with a toast, or show a refusal (nothing is lost). */
export type ContentEditOutcome =
  { redirect: string; toast: string } | { refusal: ContentEditResult; status: number };

/**
 * The edit page's posts: add studio files (intent=addFiles), or save the fields, sending a draft
 * or a rejected item to review with intent=submit. A missing or foreign item throws StudioError
 * notFound, which the page answers with its 404.
 */
export async function contentEditAction(
  app: StudioDependencies,
  viewer: Viewer,
  submissionId: string,
  form: FormData,
  locale: Locale,
): Promise<ContentEditOutcome> {
  const here = `/${locale}/seller-dashboard/content/${submissionId}`;
  const intent = String(form.get("intent") ?? "save");
  if (intent === "addFiles") {
    const selected = form.getAll("uploadIds").map(String);
    try {
      await addFilesToSubmission(app, viewer, submissionId, selected);
    } catch (error) {
      if (error instanceof StudioError && error.code !== "notFound")
        return { refusal: { form: "addFiles", error: error.code, selected }, status: error.status };
      throw error;
    }
    return { redirect: here, toast: "sellerDashboard.toast.filesAdded" };
  }
  const values = editValuesOf(form);
  const parsed = productFieldsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "title") as EditField;
    return {
      refusal: { form: "edit", error: codeOfIssue(field, issue.message), field, values },
      status: 400,
    };
  }
  try {
    const { status } = await updateSubmission(app, viewer, submissionId, {
      fields: parsed.data,
      intent: intent === "submit" ? "submit" : "save",
    });
    const submitted = intent === "submit" && (status === "pending" || status === "approved");
    return {
      redirect: submitted ? `/${locale}/seller-dashboard?tab=content` : here,
      toast: !submitted
        ? "sellerDashboard.toast.updated"
        : status === "approved"
          ? "sellerDashboard.toast.published"
          : "sellerDashboard.toast.submitted",
    };
  } catch (error) {
    if (error instanceof StudioError && error.code !== "notFound")
      return {
        refusal: { form: "edit", error: error.code, field: fieldOf(error.code, values), values },
        status: error.status,
      };
    throw error;
  }
}
