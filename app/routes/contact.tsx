import { useTranslation } from "react-i18next";
import { ContactForm } from "~/components/pages/contact-form";
import { ContactInfo } from "~/components/pages/contact-info";
import { PageHeader } from "~/components/pages/page-header";
import { useLocale } from "~/components/use-locale";
import { publicPageMeta } from "~/modules/http/meta";
import { contactFormAction } from "~/modules/pages/contact-action.server";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/contact";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, "contact");
}

/** Keeps the action's Retry-After on a refused message. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function action({ request, context }: Route.ActionArgs) {
  return contactFormAction(request, context, "contact");
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <PageHeader title={t("pages.contact.title")} intro={t("pages.contact.intro")} />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-[1fr_20rem]">
        <section className="card p-6 sm:p-8">
          <h2 id="contact-form-title" className="mb-4 text-xl font-semibold">
            {t("pages.contactForm.title")}
          </h2>
          <ContactForm id="contact-form" kind="contact" result={actionData} />
        </section>
        <ContactInfo locale={locale} />
      </div>
    </>
  );
}
