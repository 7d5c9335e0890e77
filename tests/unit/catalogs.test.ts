import { describe, expect, it } from "vitest";
import { en } from "~/modules/i18n/catalog.en";
import { fr } from "~/modules/i18n/catalog.fr";
import "~/modules/i18n/catalogs.server";
import { getI18n } from "~/modules/i18n/i18n";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [child, text] of flatten(value, path)) entries.set(child, text);
  }
  return entries;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("message catalogs", () => {
  const french = flatten(fr);
  const english = flatten(en as Tree);

  it("have exactly the same keys in French and English", () => {
    expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
  });

  it("use the same interpolation variables in both languages", () => {
    for (const [key, text] of french) {
      expect(variables(english.get(key) ?? ""), key).toEqual(variables(text));
    }
  });

  it("have no empty message", () => {
    for (const [key, text] of [...french, ...english]) expect(text.trim(), key).not.toBe("");
  });

  it("keep the fixed French texts word for word", () => {
    expect(fr.auth.errors.invalidCredentials).toBe("Email ou mot de passe incorrect.");
    expect(fr.auth.errors.accountExists).toBe(
      "Ce compte existe déjà. Vérifiez votre mot de passe ou utilisez 'Mot de passe oublié'.",
    );
    expect(fr.auth.errors.passwordTooShort).toBe(
      "Le mot de passe doit contenir au moins 8 caractères.",
    );
    expect(fr.guard.checking).toBe("Vérification des permissions...");
    expect(fr.guard.signInRequired).toBe("Connexion requise");
    expect(fr.guard.accessDenied).toBe("Accès refusé");
    expect(fr.notFound.title).toBe("Oops! Page not found");
    expect(fr.testAccounts.copied).toBe("Copié !");
    expect(fr.ai.warnings.fallback).toBe("IA indisponible, métadonnées de base générées");
    expect(fr.ai.errors.generic).toBe("Erreur IA: {{message}}");
    expect(fr.ai.errors.batch).toBe("Erreur lors de la génération en lot");
    expect(fr.fileUpload.toasts.needFile).toBe(
      "Veuillez uploader au moins un fichier avant de continuer",
    );
  });

  it("keep the upload messages fixed in English word for word in English, translated in French", () => {
    const french = getI18n("fr").t;
    const english = getI18n("en").t;
    for (const count of [1, 2]) {
      expect(english("fileUpload.toasts.success", { count, n: String(count) })).toBe(
        `Successfully processed ${count} file(s)`,
      );
      expect(english("fileUpload.toasts.failedCount", { count, n: String(count) })).toBe(
        `Failed to process ${count} file(s)`,
      );
    }
    expect(en.fileUpload.toasts.uploadFailed).toBe("Upload failed: {{message}}");
    expect(en.uploads.errors.fileTooLarge).toBe("File exceeds 1000MB limit");
    expect(en.uploads.errors.tooManyFiles).toBe("Maximum 100 files allowed");
    expect(french("fileUpload.toasts.success", { count: 1, n: "1" })).toBe(
      "1 fichier traité avec succès",
    );
    expect(french("fileUpload.toasts.success", { count: 3, n: "3" })).toBe(
      "3 fichiers traités avec succès",
    );
    expect(french("fileUpload.toasts.failedCount", { count: 2, n: "2" })).toBe(
      "Échec du traitement de 2 fichiers",
    );
    expect(french("uploads.errors.fileTooLarge")).toBe("Le fichier dépasse la limite de 1000 Mo");
  });

  it("say one download and one like in the singular on catalogue cards", () => {
    const french = getI18n("fr").t;
    const english = getI18n("en").t;
    expect(french("catalogue.card.downloads", { count: 1 })).toBe("1 téléchargement");
    expect(french("catalogue.card.downloads", { count: 5 })).toBe("5 téléchargements");
    expect(english("catalogue.card.downloads", { count: 1 })).toBe("1 download");
    expect(english("catalogue.card.likes", { count: 1 })).toBe("1 like");
    expect(english("catalogue.card.likes", { count: 2 })).toBe("2 likes");
  });
});
