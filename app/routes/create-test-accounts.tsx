import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { services } from "~/modules/app.server";
import { seedDemoAccounts } from "~/modules/demo/seed.server";
import { requireDemoMode } from "~/modules/http/demo-only.server";
import { requireAccess } from "~/modules/http/guard.server";
import { pageMeta } from "~/modules/http/meta";
import { readForm } from "~/modules/http/read-form.server";
import type { Route } from "./+types/create-test-accounts";

export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args, "createTestAccounts"), { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireDemoMode();
  await requireAccess(context, "admin", { message: "adminOnly" });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireDemoMode();
  await requireAccess(context, "admin", { message: "adminOnly" });
  // The form has no fields; its body is still checked like every form's.
  await readForm(request);
  try {
    return { report: await seedDemoAccounts(await services()), failed: false };
  } catch {
    return { report: [], failed: true };
  }
}

export default function CreateTestAccounts({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const report = actionData?.report ?? [];
  const done = report.filter((line) => line.outcome !== "failed").length;
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-semibold">{t("testAccounts.createTitle")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("testAccounts.createIntro")}</p>
      <Form method="post" className="mt-6">
        <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle"
            ? t("testAccounts.creating")
            : t("testAccounts.createButton")}
        </button>
      </Form>
      {actionData ? (
        <div role="status" className="card mt-6 space-y-2 p-6 text-sm">
          {actionData.failed ? <p className="text-danger">{t("testAccounts.error")}</p> : null}
          <ul className="space-y-1">
            {report.map((line) => (
              <li
                key={line.email}
                className={line.outcome === "failed" ? "text-danger" : undefined}
              >
                {line.outcome === "created"
                  ? t("testAccounts.created", { email: line.email })
                  : line.outcome === "exists"
                    ? t("testAccounts.exists", { email: line.email })
                    : t("testAccounts.failed", { email: line.email })}
              </li>
            ))}
          </ul>
          {!actionData.failed ? (
            <p className="font-semibold">
              {done === report.length
                ? t("testAccounts.allCreated")
                : t("testAccounts.partial", { done, total: report.length })}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
