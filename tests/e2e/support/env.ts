import os from "node:os";
import path from "node:path";

/**
 * Where the browser tests' production server listens and keeps its state. The server starts on
 * an empty data directory (a fresh demo install), and tests read its e-mail outbox there.
 */
export const PORT = 3210;
export const BASE_URL = `http://localhost:${PORT}`;
export const DATA_DIR = path.join(os.tmpdir(), "vitrine-e2e");
export const OUTBOX_DIR = path.join(DATA_DIR, "outbox");
