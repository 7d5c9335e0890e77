// The README's screenshots of the main screens, 1280×800, as WebP in docs/screenshots/:
//   npm run build && PORT=3413 DATA_DIR=$(mktemp -d) BASE_URL=http://localhost:3413 node server/index.js
//   node scripts/readme-screenshots.mjs http://localhost:3413
// Run against a fresh demo install (its demo content and accounts); Chromium at /usr/bin/chromium.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";

const origin = process.argv[2] ?? "http://localhost:3000";
const outDir = path.join(import.meta.dirname, "..", "docs", "screenshots");
const viewport = { width: 1280, height: 800 };

const demoAccounts = {
  admin: ["admin@vitrine.test", "Admin-vitrine-2026"],
  creator: ["createur@vitrine.test", "Createur-vitrine-2026"],
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});

/** A page in its own context, signed in through the sign-in form when a role is given. */
async function openAs(role) {
  const context = await browser.newContext({ viewport, locale: "fr-FR", colorScheme: "light" });
  const page = await context.newPage();
  // The cookie notice would cover the bottom of every picture: answered once, beforehand.
  await page.goto(`${origin}/fr`);
  await page.locator('button[name="choice"][value="essential"]').click();
  await page.waitForLoadState("networkidle");
  if (role) {
    const [email, password] = demoAccounts[role];
    await page.goto(`${origin}/fr/auth`);
    await page.locator("main input[type=email]").fill(email);
    await page.locator("main input[type=password]").fill(password);
    await page.locator("main button[type=submit]").first().click();
    await page.waitForURL((url) => !url.pathname.endsWith("/auth"));
  }
  return page;
}

/** Every picture on the page loaded (demo previews are made by jobs after the first start). */
async function picturesLoaded(page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () =>
      [...globalThis.document.images].every((image) => image.complete && image.naturalWidth > 0),
    null,
    { timeout: 60_000 },
  );
}

async function shoot(page, name) {
  await picturesLoaded(page);
  const png = await page.screenshot();
  const file = path.join(outDir, `${name}.webp`);
  await sharp(png).webp({ quality: 80 }).toFile(file);
  console.log(`${file}: ${Math.round(fs.statSync(file).size / 1024)} KB`);
}

fs.mkdirSync(outDir, { recursive: true });

const visitor = await openAs(null);
// The demo content's previews are made by jobs after the first start: wait until the number of
// pictures on the marketplace stops growing.
for (let attempt = 0, before = -1, steady = 0; steady < 3 && attempt < 90; attempt += 1) {
  await visitor.goto(`${origin}/fr/marketplace`);
  const pictures = await visitor.locator("main img").count();
  steady = pictures > 0 && pictures === before ? steady + 1 : 0;
  before = pictures;
  await visitor.waitForTimeout(2_000);
}
await visitor.goto(`${origin}/fr`);
await shoot(visitor, "home");
await visitor.goto(`${origin}/fr/marketplace`);
await shoot(visitor, "marketplace");
const productHref = await visitor.locator('main a[href*="/product/"]').first().getAttribute("href");
await visitor.goto(`${origin}${productHref}`);
await shoot(visitor, "product");

const creator = await openAs("creator");
await creator.goto(`${origin}/fr/seller-dashboard`);
await shoot(creator, "seller-dashboard");

const admin = await openAs("admin");
await admin.goto(`${origin}/fr/admin/moderation`);
await shoot(admin, "admin-moderation");

await browser.close();
