import { defineConfig } from "vitest/config";

/** The catalogue search benchmark runs through Vitest only to load the app's TypeScript modules. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["bench/catalogue/search.bench-run.ts"],
    testTimeout: 30 * 60_000,
    hookTimeout: 30 * 60_000,
    pool: "forks",
  },
});
