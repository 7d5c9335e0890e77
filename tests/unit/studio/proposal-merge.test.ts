import { describe, expect, it } from "vitest";
import { mergeProposal, type ProposalValues } from "~/modules/studio/proposal-merge";

const empty: ProposalValues = {
  title_fr: "",
  title_en: "",
  description_fr: "",
  description_en: "",
  tags_fr: [],
  tags_en: [],
  categoryId: "",
  kind: "photo",
};

const proposal: ProposalValues = {
  title_fr: "Coucher de soleil",
  title_en: "Sunset",
  description_fr: "Un ciel orange.",
  description_en: "An orange sky.",
  tags_fr: ["ciel"],
  tags_en: ["sky"],
  categoryId: "c1",
  kind: "illustration",
};

describe("a proposal merged per language (records 0049, 0050)", () => {
  it("keeps the French title the seller typed and fills the empty English one", () => {
    const { values, filled } = mergeProposal(
      { ...empty, title_fr: "Mon titre" },
      proposal,
      new Set(),
      true,
    );
    expect(values.title_fr).toBe("Mon titre");
    expect(values.title_en).toBe("Sunset");
    expect(filled).not.toContain("title_fr");
    expect(filled).toEqual([
      "title_en",
      "description_fr",
      "description_en",
      "tags_fr",
      "tags_en",
      "categoryId",
    ]);
  });

  it("replaces both languages of a ticked field and nothing else", () => {
    const typed: ProposalValues = {
      ...proposal,
      title_fr: "Titre",
      title_en: "Title",
      description_fr: "Texte.",
      description_en: "Text.",
      tags_fr: ["mien"],
      tags_en: ["mine"],
    };
    const { values, filled } = mergeProposal(typed, proposal, new Set(["tags"]), true);
    expect(filled).toEqual(["tags_fr", "tags_en"]);
    expect(values).toMatchObject({ title_fr: "Titre", tags_fr: ["ciel"], tags_en: ["sky"] });
  });

  it("changes the kind only while it is the default, not the seller's choice", () => {
    expect(mergeProposal(empty, proposal, new Set(), false).values.kind).toBe("illustration");
    expect(mergeProposal(empty, proposal, new Set(), true).values.kind).toBe("photo");
  });
});
