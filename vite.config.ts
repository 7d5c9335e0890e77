import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconImports } from "./scripts/vite-icon-imports.js";
import { pageCatalogues } from "./scripts/vite-page-catalogues.js";
import { pageShellChunks } from "./scripts/vite-page-shell-chunks.js";

// What every page loads goes into two chunks instead of about thirty (decision record 0065).
const shellChunks = pageShellChunks();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconImports(), pageCatalogues(), shellChunks.plugin],
  resolve: {
    tsconfigPaths: true,
    // Components import `useTranslation` from "react-i18next"; server and browser alike get it
    // from the app's small translator, which spares the browser about 20 KB gzipped of i18next
    // and react-i18next (decision record 0048). The packages stay for their types: `t`'s keys
    // are still checked against the French catalog. vitest.config.ts has the same alias.
    alias: [
      {
        find: /^react-i18next$/,
        replacement: fileURLToPath(new URL("app/modules/i18n/react-binding.tsx", import.meta.url)),
      },
    ],
  },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: shellChunks.codeSplitting } } },
    },
  },
  // The server build imports packages from node_modules as they are, whole: lucide-react's one
  // file holds every icon and radix-ui re-exports every primitive, about 10 MiB of the idle
  // server's heap for the few dozen it renders. Bundled, only what the pages use is kept
  // (decision record 0011).
  ssr: { noExternal: ["lucide-react", "radix-ui"] },
  server: { port: 3000 },
});
