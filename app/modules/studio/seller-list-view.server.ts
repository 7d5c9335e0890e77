import type { Database } from "../db/client.server";
import type { Locale } from "../i18n/locale";
import { listCategories } from "./seller-content.server";
import { parseSellerListQuery, type SellerListQuery } from "./seller-list";
import { sellerListPage } from "./seller-list.server";
import { categoryName, submissionCard, type SubmissionCard } from "./submission-view";

/** One item of the seller's list, with its kept sales. */
export interface SellerListItem extends SubmissionCard {
  sales: number;
  /** Ever bought (refunds included): deleting it only withdraws it from sale. */
  sold: boolean;
}

export interface SellerListView {
  query: SellerListQuery;
  total: number;
  pageCount: number;
  items: SellerListItem[];
  /** The bulk edit's category choices, named and ordered in the page's language. */
  categories: { id: string; name: string }[];
}

/** The content tab's data: the page of items its URL asks for, and the bulk edit's choices. */
export async function sellerListView(
  db: Database,
  creatorId: string,
  params: URLSearchParams,
  locale: Locale,
): Promise<SellerListView> {
  const query = parseSellerListQuery(params);
  const [page, categories] = await Promise.all([
    sellerListPage(db, creatorId, query, locale),
    listCategories(db),
  ]);
  const collator = new Intl.Collator(locale);
  return {
    query: { ...query, page: page.page },
    total: page.total,
    pageCount: page.pageCount,
    items: page.rows.map((row) => ({
      ...submissionCard(row, locale),
      sales: Number(row.sales),
      sold: Boolean(row.sold),
    })),
    categories: categories
      .map((category) => ({ id: category.id, name: categoryName(category, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}
