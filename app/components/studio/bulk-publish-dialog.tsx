import { Dialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/use-locale";
import { formatMoney } from "~/modules/i18n/i18n";
import { parseEuros } from "~/modules/studio/pricing";

export interface BulkPublishItem {
  id: string;
  title: string;
  /** The price as typed in the form. */
  price: string;
  categoryName: string | null;
}

/**
 * Asks before the bulk publish, listing exactly what it will send (title, price, category) and
 * how many files stay behind.
 */
export function BulkPublishDialog({
  open,
  onOpenChange,
  items,
  skipped,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: BulkPublishItem[];
  skipped: number;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const price = (typed: string) => {
    const cents = parseEuros(typed);
    return cents ? formatMoney(locale, cents) : t("studio.bulkPublish.free");
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">
            {t("studio.bulkPublish.title", { count: items.length })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {t("studio.bulkPublish.intro")}
          </Dialog.Description>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("studio.bulkPublish.columnTitle")}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t("studio.bulkPublish.columnPrice")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("studio.bulkPublish.columnCategory")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className="border-b border-border/60">
                    <td className="py-2 pr-3 break-words">{item.title}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{price(item.price)}</td>
                    <td className="py-2">
                      {item.categoryName ?? t("studio.bulkPublish.noCategory")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {skipped > 0 ? (
            <p className="mt-3 text-sm text-muted">
              {t("studio.bulkPublish.skipped", { count: skipped })}
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close className="btn-secondary" disabled={busy}>
              {t("studio.bulkPublish.cancel")}
            </Dialog.Close>
            <button type="button" className="btn-primary" disabled={busy} onClick={onConfirm}>
              {t("studio.bulkPublish.confirm", { count: items.length })}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
