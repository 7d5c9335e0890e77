// Screenshot of a page in headless Chromium: node scripts/screenshot.mjs URL OUT.png [light|dark] [width]
import { chromium } from "playwright-core";
const [, , url, out, scheme = "light", width = "1280"] = process.argv;
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
const page = await browser.newPage({
  colorScheme: scheme,
  viewport: { width: Number(width), height: 900 },
});
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
