import type { TFunction } from "i18next";
import {
  BarChart3,
  CreditCard,
  History,
  Inbox,
  ListChecks,
  Mail,
  Receipt,
  Settings,
  ShieldCheck,
  type LucideIcon,
} from "lucide-react";

/**
 * The administration's sections, in the order of its navigation. Each is its own page under
 * /{lang}/admin; another area adds an entry here (with its own label key) to appear in the menu.
 */
export interface AdminSection {
  id: string;
  /** Path without language prefix. */
  path: string;
  label: (t: TFunction) => string;
  Icon: LucideIcon;
  /** Shown only in demo mode (the e-mail outbox). */
  demoOnly?: boolean;
}

export const adminSections: AdminSection[] = [
  { id: "overview", path: "/admin", label: (t) => t("admin.nav.overview"), Icon: BarChart3 },
  {
    id: "moderation",
    path: "/admin/moderation",
    label: (t) => t("admin.nav.moderation"),
    Icon: ShieldCheck,
  },
  {
    id: "transactions",
    path: "/admin/transactions",
    label: (t) => t("admin.nav.transactions"),
    Icon: Receipt,
  },
  {
    id: "payments",
    path: "/admin/payments",
    label: (t) => t("admin.nav.payments"),
    Icon: CreditCard,
  },
  {
    id: "settings",
    path: "/admin/settings",
    label: (t) => t("admin.nav.settings"),
    Icon: Settings,
  },
  {
    id: "messages",
    path: "/admin/messages",
    label: (t) => t("pages.inbox.title"),
    Icon: Inbox,
  },
  { id: "audit", path: "/admin/audit", label: (t) => t("admin.nav.audit"), Icon: History },
  { id: "jobs", path: "/admin/jobs", label: (t) => t("admin.nav.jobs"), Icon: ListChecks },
  {
    id: "outbox",
    path: "/admin/outbox",
    label: (t) => t("admin.nav.outbox"),
    Icon: Mail,
    demoOnly: true,
  },
];
