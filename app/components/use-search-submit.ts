import { useNavigate } from "react-router";
import type { Locale } from "~/modules/i18n/locale";
import { localePath } from "./use-locale";

/**
 * The submit handler of a search form (field "q"): trims the text, ignores an empty search and
 * goes to the marketplace with the query (docs/product.md, "Pages and navigation"). Without JavaScript the form's own GET
 * does the same, and the marketplace trims on the server.
 */
export function useSearchSubmit(locale: Locale) {
  const navigate = useNavigate();
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!query) return;
    void navigate(`${localePath(locale, "/marketplace")}?q=${encodeURIComponent(query)}`);
  };
}
