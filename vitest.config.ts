import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/support/setup-env.ts"],
    // Each file boots its own app on its own database; PGlite start-up dominates.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
