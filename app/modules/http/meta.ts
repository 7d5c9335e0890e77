import type { MetaDescriptor } from "react-router";
import type { fr } from "../i18n/catalog.fr";
import { getT } from "../i18n/i18n";
import { localeFromUrl, localizedPath, locales, splitLocale } from "../i18n/locale";

export type MetaPage = {
  [K in keyof typeof fr.meta]: (typeof fr.meta)[K] extends { title: string } ? K : never;
}[keyof typeof fr.meta];

interface MetaArgs {
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

function originOf(args: MetaArgs): string {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** Title, description, canonical and alternate-language links of a page. */
export function pageMeta(args: MetaArgs, page: MetaPage): MetaDescriptor[] {
  return metaTags(args, `meta.${page}`);
}

/** The same, for the public pages whose texts live under `pages.meta` (about, legal, …). */
export function publicPageMeta(args: MetaArgs, page: keyof typeof fr.pages.meta): MetaDescriptor[] {
  return metaTags(args, `pages.meta.${page}`);
}

function metaTags(
  args: MetaArgs,
  key: `meta.${MetaPage}` | `pages.meta.${keyof typeof fr.pages.meta}`,
): MetaDescriptor[] {
  const origin = originOf(args);
  const url = new URL(args.location.pathname + args.location.search, "http://local");
  const locale = localeFromUrl(url);
  const t = getT(locale);
  const title = t(`${key}.title` as const) as string;
  const description = t(`${key}.description` as const) as string;
  const prefixed = splitLocale(args.location.pathname).locale !== null;
  const canonicalPath = prefixed
    ? args.location.pathname
    : localizedPath(args.location.pathname, locale);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: locale === "fr" ? "fr_FR" : "en_GB" },
    { tagName: "link", rel: "canonical", href: `${origin}${canonicalPath}` },
  ];
  if (prefixed) {
    for (const alternate of locales) {
      tags.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: alternate,
        href: `${origin}${localizedPath(args.location.pathname, alternate)}`,
      });
    }
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${origin}${localizedPath(args.location.pathname, "fr")}`,
    });
  }
  return tags;
}
