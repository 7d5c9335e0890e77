import { and, eq } from "drizzle-orm";
import type { Services } from "../services";
import { payoutAccounts } from "../db/schema";
import type { Viewer } from "../auth/roles";
import type { Locale } from "../i18n/locale";
import { accountBadge } from "./account-status";
import { connectProvider, type AccountType } from "./connect-provider.server";
import { PayoutsError } from "./payouts-error";
import { payOutSeller } from "./payouts.server";

type App = Pick<Services, "db" | "env">;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export async function payoutAccountOf(
  db: Services["db"],
  userId: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

function dashboardUrls(app: App, locale: Locale) {
  const returnUrl = `${app.env.baseUrl}/${locale}/seller-dashboard?tab=payments`;
  return { returnUrl, refreshUrl: `${returnUrl}&onboarding=expired`, locale };
}

/**
 * Creates the seller's connected account (express or standard) and returns the address of its
 * onboarding; a seller whose account already exists gets a fresh onboarding link instead, and
 * one whose account is active is told so ('Compte Stripe déjà configuré').
 */
export async function startOnboarding(
  app: App,
  viewer: Viewer,
  input: { type: AccountType; country?: string },
  locale: Locale,
): Promise<{ url: string }> {
  const provider = connectProvider(app);
  let account = await payoutAccountOf(app.db, viewer.id);
  if (account && account.provider !== provider.name) account = null;
  if (account) {
    const refreshed = await refreshAccount(app, viewer.id);
    if (refreshed && accountBadge(refreshed) === "active") {
      throw new PayoutsError("accountExists");
    }
  } else {
    try {
      const country = input.country ?? "FR";
      const { accountId } = await provider.createAccount(
        { userId: viewer.id, email: viewer.email, type: input.type, country },
        `connect-account-${viewer.id}`,
      );
      await app.db
        .insert(payoutAccounts)
        .values({
          userId: viewer.id,
          provider: provider.name,
          accountId,
          type: input.type,
          country,
        })
        .onConflictDoUpdate({
          target: payoutAccounts.userId,
          set: {
            provider: provider.name,
            accountId,
            type: input.type,
            country,
            detailsSubmitted: false,
            chargesEnabled: false,
            payoutsEnabled: false,
          },
        });
      account = await payoutAccountOf(app.db, viewer.id);
    } catch (error) {
      if (error instanceof PayoutsError) throw error;
      throw new PayoutsError("accountCreation");
    }
  }
  const url = await provider.onboardingLink(account!.accountId, dashboardUrls(app, locale));
  return { url };
}

/**
 * Reads the account's state from the provider and keeps a copy; when it has just become
 * active, the balance waiting for it is paid out.
 */
export async function refreshAccount(app: App, userId: string): Promise<PayoutAccountRow | null> {
  const account = await payoutAccountOf(app.db, userId);
  if (!account) return null;
  const provider = connectProvider(app);
  if (provider.name !== account.provider) return account;
  let state;
  try {
    state = await provider.retrieveAccount(account.accountId);
  } catch {
    throw new PayoutsError("statusRefresh");
  }
  const [row] = await app.db
    .update(payoutAccounts)
    .set({ ...state, refreshedAt: new Date() })
    .where(eq(payoutAccounts.userId, userId))
    .returning();
  if (row && accountBadge(row) === "active" && accountBadge(account) !== "active") {
    await payOutSeller(app, userId);
  }
  return row ?? account;
}

/**
 * A provider's notice that a connected account changed (Stripe's `account.updated`): the
 * account is read again from the provider, whatever the notice says.
 */
export async function accountChanged(
  app: App,
  provider: string,
  accountId: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await app.db
    .select({ userId: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.accountId, accountId)));
  if (!row) return null;
  return refreshAccount(app, row.userId);
}
