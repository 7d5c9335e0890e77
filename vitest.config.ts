import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // The app's translator stands in for react-i18next, as in vite.config.ts.
    alias: [
      {
        find: /^react-i18next$/,
        replacement: fileURLToPath(new URL("app/modules/i18n/react-binding.tsx", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/migrated-database.ts"],
    setupFiles: ["tests/support/setup-env.ts"],
    // Each file boots its own app on its own database; PGlite start-up dominates.
    testTimeout: 30_000,
    // Vitest's default on two cores is one file at a time (cores - 1), but a file waits on its
    // database, spawned servers and ffmpeg for much of its time: eight integration files took
    // 40 s two at a time against 61 s one at a time on a two-core machine.
    maxWorkers: 2,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
