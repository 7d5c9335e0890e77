import { createAccount } from "../accounts/accounts.server";
import type { Services } from "../services";
import { categories, licences, platformSettings } from "../db/schema";
import { defaultLicences } from "../pricing/licences.server";
import { defaultCategories } from "./categories";
import { demoAccounts } from "./demo-accounts";

/** What every install needs: categories, licences and the settings row. Safe on every start. */
export async function seedBase(services: Pick<Services, "db">): Promise<void> {
  await services.db
    .insert(categories)
    .values([...defaultCategories])
    .onConflictDoNothing();
  await services.db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
  await services.db
    .insert(licences)
    .values([...defaultLicences])
    .onConflictDoNothing();
}

/** Creates the demo accounts that are missing; reports each one. */
export async function seedDemoAccounts(
  services: Pick<Services, "db" | "auth">,
): Promise<{ email: string; outcome: "created" | "exists" | "failed" }[]> {
  const report = [];
  for (const account of demoAccounts) {
    try {
      report.push({
        email: account.email,
        outcome: await createAccount(services, account, account.role),
      });
    } catch {
      report.push({ email: account.email, outcome: "failed" as const });
    }
  }
  return report;
}
