import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A developer who clones the repository has nothing but the repository: every reference in code,
 * comments, docs and tests must lead to something in it (docs/product.md, a decision record, a
 * file) or state its reason itself. These are the marks of references that lead outside.
 */
const outsideReferences: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: "a document outside the repository", pattern: /\b(decisions|architecture|style)\.md\b/i },
  { what: "a document outside the repository", pattern: /stack-notes/i },
  { what: "a folder outside the repository", pattern: /\.\.\/shared\b|\/work\/shared\b/i },
  { what: "a section of an outside specification", pattern: /§|\bpart [12]\b/i },
  { what: "the outside specification", pattern: /\bspec(?:'|’)s\b|\bthe spec\b/i },
  {
    what: "an issue of an outside tracker",
    pattern: /\bissues? #?\d|\(issues? [a-z]|\w issues?\)/i,
  },
  { what: "a review finding", pattern: /\bfindings? #?\d/i },
];

const root = process.cwd();
const self = path.relative(root, import.meta.filename);

/** Tracked files, and new ones not ignored, so a reference is caught before its commit. */
function repositoryFiles(): string[] {
  const output = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.split("\n").filter((file) => file !== "" && fs.existsSync(path.join(root, file)));
}

function textOf(file: string): string | null {
  const bytes = fs.readFileSync(path.join(root, file));
  return bytes.includes(0) ? null : bytes.toString("utf8");
}

describe("the repository stands on its own", () => {
  it("references nothing outside itself", () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      if (file === self) continue;
      const text = textOf(file);
      if (text === null) continue;
      text.split("\n").forEach((line, index) => {
        for (const { what, pattern } of outsideReferences) {
          const match = pattern.exec(line);
          if (match) found.push(`${file}:${index + 1}: "${match[0]}" (${what})`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
