import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { serverNodeArgs } from "../../server/node-args.js";
import {
  freePort,
  spawnServer,
  stopServer,
  untilListening,
  type ServerProcess,
} from "../support/server-process";

// `npm run serve` as a deployment runs it: Node's flags of server/node-args.js, in a working
// directory holding a `.env` file.
const workingDirs: string[] = [];
const started: ServerProcess[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map(stopServer));
});

afterAll(() => {
  for (const dir of workingDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function directoryWithEnvFile(lines: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vitrine-env-file-"));
  workingDirs.push(dir);
  fs.writeFileSync(path.join(dir, ".env"), `${lines.join("\n")}\n`);
  return dir;
}

describe("a .env file in the working directory", () => {
  it("is read at start: its APP_MODE=production alone stops the boot, naming what is missing", async () => {
    const cwd = directoryWithEnvFile(["APP_MODE=production"]);
    const server = await spawnServer({ BASE_URL: "" }, { cwd, nodeArgs: serverNodeArgs });
    started.push(server);
    expect(await server.exited).toBe(1);
    const output = server.output().join("\n");
    expect(output).toContain("SMTP_URL: is required when APP_MODE=production");
    expect(output).toContain("BASE_URL: is required when APP_MODE=production");
  }, 60_000);

  it("gives its values to the server, and a variable set in the environment wins over its line", async () => {
    const cwd = directoryWithEnvFile([
      "APP_MODE=production",
      "ALLOW_TEST_PAYMENTS=true",
      "ALLOW_EMBEDDED_DATABASE=true",
      "SMTP_URL=smtp://127.0.0.1:2525",
      "BETTER_AUTH_SECRET=a-production-secret-of-at-least-32-characters",
      "INVOICE_ISSUER_NAME=Boutique Exemple SAS",
      "INVOICE_ISSUER_ADDRESS=1 place du Marché|69001 Lyon|France",
      "INVOICE_ISSUER_VAT_NUMBER=FR12345678901",
      // The environment below says `info`: the access log must be written.
      "LOG_LEVEL=silent",
      "BASE_URL=https://from-the-env-file.example.test",
    ]);
    const port = await freePort();
    const server = await spawnServer(
      { LOG_LEVEL: "info", BASE_URL: `http://127.0.0.1:${port}` },
      { cwd, port, nodeArgs: serverNodeArgs },
    );
    started.push(server);
    await untilListening(server, 120_000);
    const response = await fetch(`${server.baseUrl}/fr`, { redirect: "manual" });
    // The environment's BASE_URL won: no redirect to the file's host.
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("&#x27;", "'");
    // The file's APP_MODE and ALLOW_TEST_PAYMENTS were read: production on test payments.
    expect(html).toContain("Paiements de test : aucun argent réel n'est débité ni versé");
    const requestId = response.headers.get("x-request-id");
    await expect
      .poll(() => server.logLines().some((line) => line.requestId === requestId))
      .toBe(true);
  }, 150_000);
});
