import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { iconFilesByName, rewriteIconImports } from "../../scripts/vite-icon-imports.js";

// Icons are imported by name from lucide-react's index, which re-exports every icon; the build
// rewrites each such import into one import per icon file (scripts/vite-icon-imports.js), so that
// the module graph, and the chunk every page loads, holds only the icons the code draws.

const root = path.resolve(import.meta.dirname, "../..");

const files = iconFilesByName(root);
const transform = (code: string) => rewriteIconImports(code, files);

describe("icon imports", () => {
  it("imports each named icon from its own file, keeping local names", () => {
    const code = `import { Search, Globe as World } from "lucide-react";\nexport { Search, World };\n`;
    expect(transform(code)).toBe(
      `import Search from "lucide-react/icons/search"; import World from "lucide-react/icons/globe";\nexport { Search, World };\n`,
    );
  });

  it("finds an icon under any name the package gives it", () => {
    for (const name of ["CircleHelp", "HelpCircleIcon", "LucideCircleQuestionMark"]) {
      expect(transform(`import { ${name} } from "lucide-react";`)).toBe(
        `import ${name} from "lucide-react/icons/circle-question-mark";`,
      );
    }
  });

  it("keeps the lines of the code below a statement written on several lines", () => {
    const code = `import {\n  Search,\n  Heart,\n} from "lucide-react";\nconst line5 = 5;\n`;
    const rewritten = transform(code)!;
    expect(rewritten.split("\n")).toHaveLength(code.split("\n").length);
    expect(rewritten.split("\n")[4]).toBe("const line5 = 5;");
    expect(rewritten).toContain(`import Heart from "lucide-react/icons/heart";`);
  });

  it("leaves a statement naming anything but an icon as it is", () => {
    expect(transform(`import { Search, createLucideIcon } from "lucide-react";`)).toBeNull();
  });

  it("rewrites every import of the index in the app's code", async () => {
    const appDir = path.join(root, "app");
    const files = (await readdir(appDir, { recursive: true }))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(appDir, file));
    let rewritten = 0;
    for (const file of files) {
      const source = await readFile(file, "utf8");
      if (!source.includes(`from "lucide-react"`)) continue;
      // As the build sees it: TypeScript removed, type-only names gone.
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: {
          jsx: ts.JsxEmit.Preserve,
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ESNext,
          verbatimModuleSyntax: true,
        },
        fileName: file,
      });
      if (!outputText.includes(`from "lucide-react"`)) continue;
      const output = transform(outputText);
      expect(output, path.relative(root, file)).not.toBeNull();
      expect(output, path.relative(root, file)).not.toContain(`from "lucide-react"`);
      rewritten += 1;
    }
    expect(rewritten).toBeGreaterThan(50);
  });
});
