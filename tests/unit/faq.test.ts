import { describe, expect, it } from "vitest";
import { filterFaq, foldText } from "~/modules/pages/faq";

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

  it("shows every entry for an empty or blank query", () => {
    expect(filterFaq(entries, "")).toHaveLength(3);
    expect(filterFaq(entries, "   ")).toHaveLength(3);
  });
});
