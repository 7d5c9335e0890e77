import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/use-locale";
import type { ProductPage } from "~/modules/catalogue/product-page.server";
import { ItemGrid } from "./item-card";

/** Two tabs under a product: similar items and more from the same creator. */
export function RelatedItems({ related }: { related: ProductPage["related"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [tab, setTab] = useState<"similar" | "sameAuthor">("similar");
  const items = related[tab];
  return (
    <section className="mt-12" aria-label={t("catalogue.product.relatedLabel")}>
      <div
        role="tablist"
        aria-label={t("catalogue.product.relatedLabel")}
        className="flex gap-2 border-b border-border"
      >
        {(["similar", "sameAuthor"] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="related-panel"
            className="-mb-px border-b-2 border-transparent px-4 py-2 font-medium aria-selected:border-accent"
            onClick={() => setTab(name)}
          >
            {t(`catalogue.product.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="related-panel" aria-labelledby={`tab-${tab}`} className="mt-6">
        {items.length > 0 ? (
          <ItemGrid items={items} locale={locale} />
        ) : (
          <p className="text-muted">{t("catalogue.product.noRelated")}</p>
        )}
      </div>
    </section>
  );
}
