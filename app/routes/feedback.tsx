import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/pages/contact-form";
import { PageHeader } from "~/components/pages/page-header";
import { publicPageMeta } from "~/modules/http/meta";
import { contactFormAction } from "~/modules/pages/contact-action.server";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/feedback";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, "feedback");
}

/** Keeps the action's Retry-After on a refused message. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function action({ request, context }: Route.ActionArgs) {
  return contactFormAction(request, context, "feedback");
}

export default function Feedback({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.feedback.title")} intro={t("pages.feedback.intro")} />
      <div className="container-page py-12">
        <section className="card mx-auto max-w-2xl p-6 sm:p-8">
          <h2 id="feedback-form-title" className="mb-4 text-xl font-semibold">
            {t("pages.contactForm.title")}
          </h2>
          <ContactForm
            id="feedback-form"
            kind="feedback"
            result={actionData}
            submitLabel={t("pages.feedback.submit")}
            sentText={t("pages.feedback.sent")}
          />
        </section>
      </div>
    </>
  );
}
