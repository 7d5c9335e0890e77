import { useTranslation } from "react-i18next";
import { DashboardFrame } from "../dashboard-frame";
import { LinkTabs } from "~/components/shared/link-tabs";
import { localePath, useLocale } from "../use-locale";
import { useRootData } from "../use-root-data";
import { adminSections } from "./admin-sections";

/** Every administration page: its heading, the sections' navigation, then the section. */
export function AdminFrame({
  current,
  title,
  children,
}: {
  current: string;
  title: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const demo = useRootData()?.demo ?? false;
  return (
    <DashboardFrame title={t("dashboards.adminTitle")} intro={t("dashboards.adminIntro")}>
      <div className="mt-8">
        <LinkTabs
          label={t("admin.navLabel")}
          current={current}
          tabs={adminSections
            .filter((section) => !section.demoOnly || demo)
            .map(({ id, path, label, Icon }) => ({
              id,
              label: label(t),
              to: localePath(locale, path),
              icon: <Icon className="h-4 w-4" aria-hidden="true" />,
            }))}
        />
      </div>
      <div className="mt-6">
        <h2 className="text-xl font-semibold">{title}</h2>
        <div className="mt-4">{children}</div>
      </div>
    </DashboardFrame>
  );
}
