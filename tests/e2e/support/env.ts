import os from "node:os";
import path from "node:path";

/**
 * Where the browser tests' production server listens and keeps its state. The server starts on
 * an empty data directory (a fresh demo install), and tests read its e-mail outbox there.
 */
// E2E_PORT lets several checkouts run their browser tests side by side on one machine.
export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
export const DATA_DIR = path.join(os.tmpdir(), `vitrine-e2e-${PORT}`);
export const OUTBOX_DIR = path.join(DATA_DIR, "outbox");
