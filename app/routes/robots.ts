import { services } from "~/modules/app.server";

/** Crawlers may read public pages, never private areas; the sitemap lists the catalogue. */
export async function loader() {
  const { env } = await services();
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...[
      "/api/",
      "/media/",
      "/admin",
      "/fr/admin",
      "/en/admin",
      "/fr/dashboard",
      "/en/dashboard",
      "/fr/seller-dashboard",
      "/en/seller-dashboard",
      "/fr/buyer-dashboard",
      "/en/buyer-dashboard",
      "/fr/cart",
      "/en/cart",
      "/fr/checkout",
      "/en/checkout",
    ].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${env.baseUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
