// Production entry point. React and React Router pick their production builds from NODE_ENV
// when they are first loaded, so it is set before anything else is imported.
process.env.NODE_ENV ??= "production";
await import("./main.js");
