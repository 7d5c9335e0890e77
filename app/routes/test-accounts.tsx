import { Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "~/components/shell/toasts";
import { localePath, useLocale } from "~/components/use-locale";
import { demoAccounts } from "~/modules/demo/demo-accounts";
import { requireDemoMode } from "~/modules/http/demo-only.server";
import { pageMeta } from "~/modules/http/meta";
import type { Route } from "./+types/test-accounts";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "testAccounts"), { name: "robots", content: "noindex" }];
}

export async function loader() {
  await requireDemoMode();
  return {
    accounts: demoAccounts.map(({ email, password, role }) => ({ email, password, role })),
  };
}

function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn-ghost px-2 py-1"
      aria-label={t("testAccounts.copyLabel", { value })}
      onClick={() => {
        void navigator.clipboard.writeText(value).then(
          () => toast.success(t("testAccounts.copied")),
          () => toast.error(t("auth.errors.unexpected")),
        );
      }}
    >
      <Copy className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

export default function TestAccounts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold">{t("testAccounts.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("testAccounts.intro")}</p>
      <div className="card mt-8 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("testAccounts.role")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("testAccounts.email")}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t("testAccounts.password")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.accounts.map((account) => (
              <tr key={account.email} className="border-b border-border last:border-0">
                <td className="px-4 py-3 font-semibold">{t(`roles.${account.role}`)}</td>
                <td className="px-4 py-3">
                  <span className="font-mono">{account.email}</span>
                  <CopyButton value={account.email} />
                </td>
                <td className="px-4 py-3">
                  <span className="font-mono">{account.password}</span>
                  <CopyButton value={account.password} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Link to={localePath(locale, "/auth")} className="btn-primary mt-6">
        {t("testAccounts.signIn")}
      </Link>
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
