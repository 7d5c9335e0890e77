import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CreditDownloadForms } from "~/components/credits/credit-download-forms";
import { localePath, useLocale } from "~/components/use-locale";
import type { ProductPage } from "~/modules/catalogue/product-page.server";
import { formatMoney } from "~/modules/i18n/i18n";
import { OwnedLicences } from "./owned-licences";

/**
 * The product page's buying block: the licences held, the free claim, the licences still for
 * sale with their line price (to the cart or straight to checkout), and credit downloads. What
 * is offered was decided by the server (productPage).
 */
export function LicenceChooser({ page }: { page: ProductPage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const { product, owned, forSale, credits } = page;
  const [chosen, setChosen] = useState(forSale[0]?.id ?? "standard");
  const chosenLine = forSale.find((licence) => licence.id === chosen)?.lineCents ?? 0;
  const checkout = localePath(locale, "/checkout");
  const redirecting = navigation.state !== "idle" && navigation.formAction === checkout;
  return (
    <section className="card p-5" aria-labelledby="licence-title">
      <h2 id="licence-title" className="text-lg font-semibold">
        {t("catalogue.product.licenceTitle")}
      </h2>
      {owned.length > 0 ? (
        <>
          <OwnedLicences owned={owned} files={page.ownedFiles} />
          <p className="mt-4 text-sm text-muted">
            {t(forSale.length > 0 ? "commerce.owned.otherLicences" : "commerce.owned.allOwned")}
          </p>
        </>
      ) : null}
      {page.claimFree ? (
        <Form method="post" action={checkout} className="mt-4 flex flex-col gap-2">
          <input type="hidden" name="intent" value="claim-free" />
          <input type="hidden" name="submissionId" value={product.id} />
          <button type="submit" className="btn-primary w-full">
            {t("catalogue.product.claimFree")}
          </button>
          <p className="text-sm text-muted">{t("catalogue.product.claimFreeNote")}</p>
        </Form>
      ) : null}
      {forSale.length > 0 ? (
        <Form
          method="post"
          action={localePath(locale, "/cart")}
          className="mt-4 flex flex-col gap-3"
        >
          <input type="hidden" name="submissionId" value={product.id} />
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t("catalogue.product.licenceTitle")}</legend>
            {forSale.map((licence) => (
              <label
                key={licence.id}
                htmlFor={`licence-${licence.id}`}
                className="grid cursor-pointer grid-cols-[auto_1fr_auto] items-start gap-x-3 rounded-lg border border-border p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  id={`licence-${licence.id}`}
                  name="licenceId"
                  value={licence.id}
                  checked={chosen === licence.id}
                  onChange={() => setChosen(licence.id)}
                  className="mt-1"
                />
                <span className="font-medium">{licence.name}</span>
                <span className="text-right font-medium tabular-nums">
                  {formatMoney(locale, licence.lineCents)}
                </span>
                <span className="col-start-2 col-end-4 text-sm text-muted">
                  {licence.description}
                </span>
              </label>
            ))}
          </fieldset>
          <p className="flex items-center justify-between font-semibold">
            {t("catalogue.product.linePrice")}
            <span className="text-xl tabular-nums" data-testid="line-price">
              {formatMoney(locale, chosenLine)}
            </span>
          </p>
          <button type="submit" name="intent" value="add" className="btn-primary w-full">
            {t("catalogue.product.addToCart")}
          </button>
          <button
            type="submit"
            name="intent"
            value="buy-now"
            formAction={checkout}
            className="btn-secondary w-full"
            disabled={redirecting}
          >
            {redirecting ? t("catalogue.product.redirecting") : t("catalogue.product.buyNow")}
          </button>
          <p className="text-xs text-muted">{t("catalogue.product.protectedNote")}</p>
        </Form>
      ) : null}
      {credits ? (
        <div className="mt-4 border-t border-border pt-4">
          <CreditDownloadForms
            locale={locale}
            submissionId={product.id}
            cost={credits.cost}
            balance={credits.balance}
            infinity={credits.infinity}
          />
        </div>
      ) : null}
    </section>
  );
}
