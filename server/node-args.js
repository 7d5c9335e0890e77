// Node flags the production server runs with: `npm run serve` (package.json repeats them; a unit
// test keeps the two equal), the browser tests and the benchmarks. V8 sizes the young
// generation from the machine's memory: on a 24 GiB box the idle server held about 280 MiB on
// PostgreSQL, most of it empty young space. With 8 MiB semi-spaces it idles near 190 MiB and
// stays under 250 MiB while receiving a 1 GB upload, for about 4 % fewer pages per second
// (docs/decisions/0011-server-memory.md).
//
// `--liftoff-only` keeps WebAssembly on V8's baseline compiler. PGlite is a PostgreSQL compiled
// to WebAssembly, and V8's optimising compiler, working on its largest functions (the SQL
// parser, the executor), took about 500 MB for a moment: a fresh PGlite database went from
// about 200 MB to a 770 MB peak while its migrations ran, then back down. With baseline code only
// it stays under 200 MB, and the same queries cost the same CPU time (decision record 0056).
// Nothing else in the server is WebAssembly, so on PostgreSQL the flag changes nothing.
//
// `.env` in the working directory is read when present, by Node itself: a variable already set
// in the environment wins over the file's line.
export const serverNodeArgs = [
  "--max-semi-space-size=8",
  "--liftoff-only",
  "--env-file-if-exists=.env",
];

// Environment the production server starts with. glibc gives each thread that allocates (libuv's
// pool, libvips' workers) its own malloc arena and rarely returns their pages: two arenas cut the
// idle PostgreSQL-backed server from about 290 to 210 MB and its peak during a 1 GB upload from
// 257 to 231 MiB (docs/decisions/0011-server-memory.md). glibc reads it at start-up, so it cannot
// be set from inside the process.
// `MALLOC_MMAP_THRESHOLD_` fixes the size from which glibc maps a block of its own, returned to
// the system when freed, at 128 KiB. By default that threshold rises after each such block is
// freed, up to 32 MiB, so the pixel buffers of the photos processed later came from the arenas and
// stayed resident: with the demo content processed, the idle server on PostgreSQL held 296 MiB
// instead of 248 MiB (decision record 0056).
export const serverEnv = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
