import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";

/**
 * The test provider's 3-D Secure step: approve or fail, each carrying the session's challenge
 * (the server checks it was issued for this session).
 */
export function ThreeDSChallenge({
  challenge,
  total,
  busy,
}: {
  challenge: string;
  total: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="three-ds-title" className="mt-4 rounded border border-border p-4">
      <h2 id="three-ds-title" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="h-4 w-4" aria-hidden="true" />
        {t("commerce.testPay.threeDSTitle")}
      </h2>
      <p className="mt-1 text-sm">{t("commerce.testPay.threeDSText", { total })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="challenge" value={challenge} />
          <button name="intent" value="3ds-approve" className="btn-primary" disabled={busy}>
            {t("commerce.testPay.approve")}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="challenge" value={challenge} />
          <button name="intent" value="3ds-fail" className="btn-secondary" disabled={busy}>
            {t("commerce.testPay.fail")}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** The test provider's card form: number, expiry (MM/YY) and security code. */
export function TestCardForm({ total, busy }: { total: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-4 space-y-3">
      <div>
        <label htmlFor="card-number" className="field-label">
          {t("commerce.testPay.cardNumber")}
        </label>
        <input
          id="card-number"
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          maxLength={23}
          placeholder="4242 4242 4242 4242"
          className="field-input"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="card-expiry" className="field-label">
            {t("commerce.testPay.expiry")}
          </label>
          <input
            id="card-expiry"
            name="expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            required
            maxLength={5}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor="card-cvc" className="field-label">
            {t("commerce.testPay.cvc")}
          </label>
          <input
            id="card-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            maxLength={3}
            className="field-input"
          />
        </div>
      </div>
      <button name="intent" value="pay" className="btn-primary w-full" disabled={busy}>
        {t("commerce.testPay.pay", { total })}
      </button>
    </Form>
  );
}
