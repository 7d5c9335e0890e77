import type { CatalogueCard } from "~/modules/catalogue/catalogue.server";
import type { Locale } from "~/modules/i18n/locale";
import { ItemCard } from "../catalogue/item-card";

/**
 * A grid of saved items, each card followed by its own control (remove from favourites or from
 * the collection), or by nothing on a read-only page.
 */
export function SavedItems({
  items,
  locale,
  control,
}: {
  items: CatalogueCard[];
  locale: Locale;
  control?: (card: CatalogueCard) => React.ReactNode;
}) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((card) => (
        <li key={card.id} className="flex flex-col gap-2" data-testid="saved-item">
          <ItemCard card={card} locale={locale} />
          {control ? control(card) : null}
        </li>
      ))}
    </ul>
  );
}
