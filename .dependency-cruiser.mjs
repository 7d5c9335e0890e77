/**
 * Import rules checked by `npm run lint`. No circles: a module never imports, even through
 * others and even for types only, a module that imports it back. Circles make the order in
 * which modules run depend on who is imported first, and hide which module owns what.
 */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Break the circle: move what both sides need into a module that imports neither.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
