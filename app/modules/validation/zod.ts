import { z } from "zod";

// Zod compiles object parsers with `new Function` unless told not to. The pages' policy forbids
// eval (docs/decisions/0037), and the browser reports even the probe zod makes to find out. The
// app takes z from this module only (a lint rule says so), so the setting comes before any schema.
z.config({ jitless: true });

export { z };
