import { services } from "~/modules/app.server";
import { sitemapEntries } from "~/modules/catalogue/catalogue.server";
import { locales } from "~/modules/i18n/locale";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Public pages and every item on sale, in both languages, each with its alternates. */
export async function loader() {
  const { db, env } = await services();
  const items = await sitemapEntries(db);
  const pages: Array<{ path: string; lastmod?: Date }> = [
    { path: "" },
    { path: "/marketplace" },
    ...items.map((item) => ({ path: `/product/${item.id}`, lastmod: item.updatedAt })),
  ];
  const urls = pages.flatMap(({ path, lastmod }) =>
    locales.map((locale) => {
      const alternates = locales
        .map(
          (other) =>
            `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(`${env.baseUrl}/${other}${path}`)}"/>`,
        )
        .join("");
      const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
      return `<url><loc>${escapeXml(`${env.baseUrl}/${locale}${path}`)}</loc>${modified}${alternates}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
