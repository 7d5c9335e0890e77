import { Search } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { ContactForm } from "~/components/pages/contact-form";
import { ContactInfo } from "~/components/pages/contact-info";
import { PageHeader } from "~/components/pages/page-header";
import { useLocale } from "~/components/use-locale";
import { publicPageMeta } from "~/modules/http/meta";
import { contactFormAction } from "~/modules/pages/contact-action.server";
import { faqKeys, filterFaq } from "~/modules/pages/faq";
import { publicPage } from "~/modules/http/public-page";
import type { Route } from "./+types/support";

/** The same page for every visitor who is not signed in: kept whole between requests (0061). */
export const handle = publicPage;

export function meta(args: Route.MetaArgs) {
  return publicPageMeta(args, "support");
}

/** Keeps the action's Retry-After on a refused message. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function action({ request, context }: Route.ActionArgs) {
  return contactFormAction(request, context, "contact");
}

export default function Support({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  // Filters as you type; without JavaScript the form submits ?q= and the page filters the same.
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const entries = faqKeys.map((key) => ({
    key,
    question: t(`pages.support.faq.${key}.question`),
    answer: t(`pages.support.faq.${key}.answer`),
  }));
  const shown = filterFaq(entries, query);
  return (
    <>
      <PageHeader title={t("pages.support.title")} intro={t("pages.support.intro")} />
      <div className="container-page py-12">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="text-2xl font-semibold">
            {t("pages.support.faqTitle")}
          </h2>
          <Form
            method="get"
            role="search"
            className="mt-4 max-w-xl"
            onSubmit={(event) => event.preventDefault()}
          >
            <label htmlFor="faq-search" className="field-label">
              {t("pages.support.searchLabel")}
            </label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted"
                aria-hidden="true"
              />
              <input
                id="faq-search"
                name="q"
                type="search"
                maxLength={200}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t("pages.support.searchPlaceholder")}
                className="field-input pl-9"
                aria-controls="faq-list"
              />
            </div>
          </Form>
          <p role="status" className="mt-3 text-sm text-muted">
            {shown.length === 0
              ? t("pages.support.noResults", { query: query.trim() })
              : t("pages.support.resultCount", { count: shown.length })}
          </p>
          <ul id="faq-list" className="mt-4 space-y-3">
            {shown.map((entry) => (
              <li key={entry.key}>
                <details className="card group p-5" open={query.trim() !== ""}>
                  <summary className="cursor-pointer font-semibold">{entry.question}</summary>
                  <p className="mt-2 text-muted">{entry.answer}</p>
                </details>
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <section className="card p-6 sm:p-8">
            <h2 id="support-form-title" className="text-xl font-semibold">
              {t("pages.support.contactTitle")}
            </h2>
            <p className="mb-4 mt-1 text-sm text-muted">{t("pages.support.contactIntro")}</p>
            <ContactForm id="support-form" kind="contact" result={actionData} />
          </section>
          <ContactInfo locale={locale} />
        </div>
      </div>
    </>
  );
}
