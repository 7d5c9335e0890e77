// Screenshots of pages in headless Chromium, optionally signed in as a demo account:
//   node scripts/screenshot.mjs [--as admin|creator|client] [--dark] [--width 375] OUT_DIR URL...
// Each URL is saved as OUT_DIR/<path with slashes as dashes>.png (full page).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const demoAccounts = {
  admin: ["admin@vitrine.test", "Admin-vitrine-2026"],
  creator: ["createur@vitrine.test", "Createur-vitrine-2026"],
  client: ["client@vitrine.test", "Client-vitrine-2026"],
};

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const [, value] = args.splice(index, 2);
  return value;
};
const dark = args.includes("--dark");
if (dark) args.splice(args.indexOf("--dark"), 1);
const as = option("--as");
const width = Number(option("--width") ?? 1280);
const [outDir, ...urls] = args;
if (!outDir || urls.length === 0) {
  console.error("usage: screenshot.mjs [--as ROLE] [--dark] [--width PX] OUT_DIR URL...");
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const context = await browser.newContext({
  colorScheme: dark ? "dark" : "light",
  viewport: { width, height: 900 },
});
if (as) {
  const [email, password] = demoAccounts[as];
  const origin = new URL(urls[0]).origin;
  const response = await context.request.post(`${origin}/fr/auth`, {
    form: { intent: "login", email, password },
  });
  if (!response.ok()) throw new Error(`sign-in as ${as} failed: ${response.status()}`);
}
const page = await context.newPage();
for (const url of urls) {
  await page.goto(url, { waitUntil: "networkidle" });
  const { pathname, search } = new URL(url);
  const name = `${pathname}${search}`.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
  const file = path.join(outDir, `${name}${dark ? "-dark" : ""}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
