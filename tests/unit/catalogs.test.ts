import { describe, expect, it } from "vitest";
import { en } from "~/modules/i18n/catalog.en";
import { fr } from "~/modules/i18n/catalog.fr";

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

  it("keep the fixed English upload messages word for word in both languages", () => {
    for (const catalog of [fr, en]) {
      expect(catalog.fileUpload.toasts.success).toBe("Successfully processed {{n}} file(s)");
      expect(catalog.fileUpload.toasts.uploadFailed).toBe("Upload failed: {{message}}");
      expect(catalog.fileUpload.toasts.failedCount).toBe("Failed to process {{n}} file(s)");
      expect(catalog.uploads.errors.fileTooLarge).toBe("File exceeds 1000MB limit");
      expect(catalog.uploads.errors.tooManyFiles).toBe("Maximum 100 files allowed");
    }
  });
});
