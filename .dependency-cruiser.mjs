/**
 * Import rules checked by `npm run lint`.
 *
 * No circles: a module never imports, even through others and even for types only, a module
 * that imports it back. Circles make the order in which modules run depend on who is imported
 * first, and hide which module owns what.
 *
 * Component areas kept apart: app/components/<area>/ holds one part of the product's screens.
 * The administration (admin/), the sellers' screens (seller/, studio/, uploads/) and the buyers'
 * (commerce/, credits/, billing/) never import one another: what two of them show goes into
 * app/components/shared/ (or the public areas: catalogue/, collections/, auth/, pages/,
 * payouts/), so changing one role's screens cannot break another's. The shared place (shared/ and
 * the files at the root of app/components) imports no area. shell/ is the app's frame: it
 * composes areas, and its toasts are used by all.
 *
 * The administration's pages (app/routes/admin*) follow the same rule as its components.
 *
 * Components hold no server code: they import a `*.server` module for its types only (the build
 * also refuses browser code that reaches server code; this rule says so at the import).
 */
const roleAreas = {
  admin: "admin",
  seller: "(seller|studio|uploads)",
  buyer: "(commerce|credits|billing)",
};

/** One rule per role: its areas import none of the other roles' areas. */
const areaRules = Object.entries(roleAreas).map(([role, areas]) => ({
  name: `${role}-components-stay-apart`,
  severity: "error",
  comment: `The ${role} screens' components import no other role's components: move what both need to app/components/shared/.`,
  from: { path: `^app/components/${areas}/` },
  to: {
    path: `^app/components/(${Object.entries(roleAreas)
      .filter(([other]) => other !== role)
      .map(([, others]) => others)
      .join("|")})/`,
  },
}));

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Break the circle: move what both sides need into a module that imports neither.",
      from: {},
      to: { circular: true },
    },
    ...areaRules,
    {
      name: "admin-routes-use-no-other-role-components",
      severity: "error",
      comment:
        "The administration's pages (app/routes/admin*) render admin/, shared and public components, not the sellers' or buyers' screens.",
      from: { path: "^app/routes/admin[^/]*$" },
      to: { path: `^app/components/(${roleAreas.seller}|${roleAreas.buyer})/` },
    },
    {
      name: "shared-components-import-no-area",
      severity: "error",
      comment:
        "app/components/shared/ and the root of app/components are used by every area: they import none.",
      from: { path: "^app/components/(shared/|[^/]+$)" },
      to: { path: "^app/components/[^/]+/", pathNot: "^app/components/shared/" },
    },
    {
      name: "components-no-server-code",
      severity: "error",
      comment:
        "Components run in the browser: import a *.server module's types only (`import type`), and take its data from the route's loader.",
      from: { path: "^app/components/" },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
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
