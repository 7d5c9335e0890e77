import { useTranslation } from "react-i18next";
import { Form } from "react-router";

/** The admin's pin to the home page's featured row (a plain form: works without JavaScript). */
export function FeatureControl({ featured }: { featured: boolean }) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3"
    >
      <span className="text-sm text-muted">{t("catalogue.product.adminTools")}</span>
      <button
        type="submit"
        name="intent"
        value={featured ? "unfeature" : "feature"}
        className="btn-secondary"
      >
        {t(featured ? "catalogue.product.unfeature" : "catalogue.product.feature")}
      </button>
    </Form>
  );
}
