import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      // Server code stays out of the browser bundle: only *.server.ts files may import it,
      // and route modules, whose server exports React Router strips.
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message:
                "Import z from ~/modules/validation/zod: it turns off zod's eval, which the pages' CSP forbids.",
            },
            {
              name: "sonner",
              importNames: ["toast", "Toaster"],
              message:
                "Import toast from ~/components/shell/toasts: sonner loads with the first toast, not with the page.",
            },
          ],
          patterns: [
            {
              group: ["../routes/*", "~/routes/*"],
              message: "Routes are entry points; share code through app/modules or app/components.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/modules/validation/zod.ts", "app/components/shell/toasts.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
