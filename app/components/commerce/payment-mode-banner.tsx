import { FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { PaymentProviderInfo } from "~/modules/payments/provider-info";
import { testCardList } from "~/modules/payments/test-cards";

/** Whether real cards are charged; in test mode, the test cards and what each does. */
export function PaymentModeBanner({ providerInfo }: { providerInfo: PaymentProviderInfo }) {
  const { t } = useTranslation();
  return (
    <div
      className="card mt-6 flex gap-3 border-amber-500/60 bg-amber-500/10 p-4"
      data-testid="payment-mode-banner"
    >
      <FlaskConical className="h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">
          {providerInfo.mode === "test"
            ? t("commerce.checkout.testBanner")
            : t("commerce.checkout.liveBanner")}
        </p>
        {providerInfo.mode === "test" ? (
          <>
            <h2 className="mt-2 text-sm font-semibold">{t("commerce.checkout.testCards")}</h2>
            <ul className="mt-1 space-y-0.5 text-sm">
              {testCardList().map((card) => (
                <li key={card.number}>
                  <code className="font-mono">{card.number}</code> —{" "}
                  {t(`commerce.checkout.card.${card.outcome}`)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
