import { describe, expect, it } from "vitest";
import { filterFaq, foldText, stemWord } from "~/modules/pages/faq";

const entries = [
  { question: "Puis-je être remboursé ?", answer: "Oui, dans les 30 jours." },
  {
    question: "Quelle licence choisir ?",
    answer: "La licence standard couvre la plupart des usages.",
  },
  { question: "Où retrouver mes téléchargements ?", answer: "Dans « Mes achats »." },
];

describe("FAQ search", () => {
  it("ignores case and accents", () => {
    expect(foldText("Téléchargé ÉTÉ")).toBe("telecharge ete");
    expect(filterFaq(entries, "REMBOURSE").map((entry) => entry.question)).toEqual([
      "Puis-je être remboursé ?",
    ]);
    expect(filterFaq(entries, "telechargements")).toHaveLength(1);
  });

  it("matches every word, in the question or the answer", () => {
    expect(filterFaq(entries, "licence standard")).toHaveLength(1);
    expect(filterFaq(entries, "licence rembourse")).toHaveLength(0);
    expect(filterFaq(entries, "30 jours")).toHaveLength(1);
  });

  it("finds other forms of a word, in French and English", () => {
    for (const query of ["remboursement", "Remboursements", "rembourser", "rembours"]) {
      expect(
        filterFaq(entries, query).map((entry) => entry.question),
        query,
      ).toEqual(["Puis-je être remboursé ?"]);
    }
    expect(filterFaq(entries, "téléchargement")).toHaveLength(1);
    expect(filterFaq(entries, "licences")).toHaveLength(1);
    expect(filterFaq(entries, "achat")).toHaveLength(1);
    const english = [{ question: "Can I get a refund?", answer: "Yes, within 30 days." }];
    expect(filterFaq(english, "refunded")).toHaveLength(1);
    expect(filterFaq(english, "refunds")).toHaveLength(1);
    expect(filterFaq(english, "day")).toHaveLength(1);
  });

  it("keeps unrelated words apart", () => {
    expect(filterFaq(entries, "remise")).toHaveLength(0);
    expect(filterFaq(entries, "lire")).toHaveLength(0);
    expect(stemWord("remboursé")).toBe(stemWord("remboursement"));
    expect(stemWord("refunded")).toBe(stemWord("refunds"));
  });

  it("shows every entry for an empty or blank query", () => {
    expect(filterFaq(entries, "")).toHaveLength(3);
    expect(filterFaq(entries, "   ")).toHaveLength(3);
  });
});
