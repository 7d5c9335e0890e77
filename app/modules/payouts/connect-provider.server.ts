import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { lazyStripeClient, loadStripe } from "../payments/stripe-sdk.server";
import type { Services } from "../services";
import type { Database } from "../db/client.server";
import { testConnectAccounts, testProviderObjects, type PayoutRequirements } from "../db/schema";

export type AccountType = "express" | "standard";

/** An account's state as the provider reports it (never as a return URL claims). */
export interface ConnectAccountState {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirements: PayoutRequirements;
}

export interface TransferResult {
  id: string;
  status: "paid" | "failed";
  failureCode?: string;
}

/**
 * Connected accounts, transfers and refunds, behind one interface: Stripe Connect with keys,
 * the built-in test provider otherwise. Every call that creates money movements takes an
 * idempotency key, so a call retried after a timeout creates one object.
 */
export interface ConnectProvider {
  readonly name: "test" | "stripe";
  createAccount(
    input: { userId: string; email: string; type: AccountType; country: string },
    idempotencyKey: string,
  ): Promise<{ accountId: string }>;
  onboardingLink(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string; locale: "fr" | "en" },
  ): Promise<string>;
  retrieveAccount(accountId: string): Promise<ConnectAccountState>;
  /**
   * A transfer to a seller's account; `sourcePaymentId` names the card payment that funds it
   * (Stripe: the charge becomes source_transaction, so the transfer need not wait for funds).
   */
  createTransfer(
    input: {
      amountCents: number;
      destination: string;
      payoutId: string;
      sourcePaymentId?: string | null;
    },
    idempotencyKey: string,
  ): Promise<TransferResult>;
  /** Takes (part of) a transfer back from the seller's account, after a refund. */
  reverseTransfer(
    input: { transferId: string; amountCents: number; transactionId?: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  createRefund(
    input: { paymentId: string; amountCents: number | null; orderId: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
}

/** The test bank accounts offered on the test onboarding page: one accepts, one rejects. */
export const testBankAccounts = {
  FR7630006000011234567890189: null,
  FR7630006000019999999999904: "account_closed",
} as const satisfies Record<string, string | null>;

const emptyRequirements: PayoutRequirements = { currentlyDue: [], eventuallyDue: [], pastDue: [] };

/** What the test provider still asks for at each step of its onboarding page. */
export function testAccountState(row: {
  detailsSubmitted: boolean;
  verified: boolean;
}): ConnectAccountState {
  return {
    detailsSubmitted: row.detailsSubmitted,
    chargesEnabled: row.detailsSubmitted && row.verified,
    payoutsEnabled: row.detailsSubmitted && row.verified,
    requirements: row.detailsSubmitted
      ? row.verified
        ? emptyRequirements
        : { currentlyDue: ["individual.verification.document"], eventuallyDue: [], pastDue: [] }
      : {
          currentlyDue: ["individual.first_name", "individual.last_name", "external_account"],
          eventuallyDue: ["individual.verification.document"],
          pastDue: [],
        },
  };
}

/** The built-in provider: its own records in the database, its onboarding page on this site. */
export function createTestConnectProvider(options: { db: Database; baseUrl: string }) {
  const { db } = options;
  /** Returns the object first made with this key, or makes it. */
  async function once(
    kind: "transfer" | "refund" | "reversal",
    idempotencyKey: string,
    values: () => Promise<Omit<typeof testProviderObjects.$inferInsert, "kind" | "idempotencyKey">>,
  ) {
    const [existing] = await db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.idempotencyKey, idempotencyKey));
    if (existing) return existing;
    await db
      .insert(testProviderObjects)
      .values({ ...(await values()), kind, idempotencyKey })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(testProviderObjects)
      .where(eq(testProviderObjects.idempotencyKey, idempotencyKey));
    return row!;
  }
  const provider: ConnectProvider = {
    name: "test",
    async createAccount(input) {
      const accountId = `acct_test_${randomBytes(8).toString("hex")}`;
      await db.insert(testConnectAccounts).values({
        id: accountId,
        userId: input.userId,
        type: input.type,
        email: input.email,
        country: input.country,
      });
      return { accountId };
    },
    async onboardingLink(accountId, urls) {
      return new URL(`/${urls.locale}/test-connect/${accountId}`, options.baseUrl).toString();
    },
    async retrieveAccount(accountId) {
      const [row] = await db
        .select()
        .from(testConnectAccounts)
        .where(eq(testConnectAccounts.id, accountId));
      if (!row) throw new Error(`unknown test account ${accountId}`);
      return testAccountState(row);
    },
    async createTransfer(input, idempotencyKey) {
      const row = await once("transfer", idempotencyKey, async () => {
        const [account] = await db
          .select()
          .from(testConnectAccounts)
          .where(eq(testConnectAccounts.id, input.destination));
        const failure = !account
          ? "no_account"
          : !account.verified
            ? "account_inactive"
            : ((testBankAccounts as Record<string, string | null>)[account.bankAccount ?? ""] ??
              null);
        return {
          id: `tr_test_${randomBytes(8).toString("hex")}`,
          amountCents: input.amountCents,
          target: input.destination,
          status: failure ? "failed" : "paid",
          failureCode: failure,
        };
      });
      return {
        id: row.id,
        status: row.status === "paid" ? "paid" : "failed",
        ...(row.failureCode ? { failureCode: row.failureCode } : {}),
      };
    },
    async reverseTransfer(input, idempotencyKey) {
      const row = await once("reversal", idempotencyKey, async () => ({
        id: `trr_test_${randomBytes(8).toString("hex")}`,
        amountCents: input.amountCents,
        target: input.transferId,
        status: "succeeded",
      }));
      return { id: row.id };
    },
    async createRefund(input, idempotencyKey) {
      const row = await once("refund", idempotencyKey, async () => ({
        id: `re_test_${randomBytes(8).toString("hex")}`,
        amountCents: input.amountCents ?? 0,
        target: input.paymentId,
        status: "succeeded",
      }));
      return { id: row.id };
    },
  };
  return provider;
}

/** Stripe Connect: accounts and account links, separate charges and transfers, refunds. */
export function createStripeConnectProvider(options: {
  secretKey: string;
  apiUrl?: string;
  timeoutMs?: number;
}): ConnectProvider {
  const stripe = lazyStripeClient(options);
  return {
    name: "stripe",
    async createAccount(input, idempotencyKey) {
      const account = await (
        await stripe()
      ).accounts.create(
        {
          type: input.type,
          country: input.country,
          email: input.email,
          metadata: { userId: input.userId },
          ...(input.type === "express" ? { capabilities: { transfers: { requested: true } } } : {}),
        },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },
    async onboardingLink(accountId, urls) {
      const link = await (
        await stripe()
      ).accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return link.url;
    },
    async retrieveAccount(accountId) {
      const account = await (await stripe()).accounts.retrieve(accountId);
      return {
        detailsSubmitted: Boolean(account.details_submitted),
        chargesEnabled: Boolean(account.charges_enabled),
        payoutsEnabled: Boolean(account.payouts_enabled),
        requirements: {
          currentlyDue: account.requirements?.currently_due ?? [],
          eventuallyDue: account.requirements?.eventually_due ?? [],
          pastDue: account.requirements?.past_due ?? [],
        },
      };
    },
    async createTransfer(input, idempotencyKey) {
      try {
        // The charge behind the card payment: the transfer draws on it, not on the available
        // balance (Stripe refuses a transfer larger than what is available otherwise).
        const charge = input.sourcePaymentId
          ? (await (await stripe()).paymentIntents.retrieve(input.sourcePaymentId)).latest_charge
          : null;
        const transfer = await (
          await stripe()
        ).transfers.create(
          {
            amount: input.amountCents,
            currency: "eur",
            destination: input.destination,
            transfer_group: `payout_${input.payoutId}`,
            metadata: { payoutId: input.payoutId },
            ...(charge
              ? { source_transaction: typeof charge === "string" ? charge : charge.id }
              : {}),
          },
          { idempotencyKey },
        );
        return { id: transfer.id, status: "paid" };
      } catch (error) {
        const { errors } = await loadStripe();
        if (error instanceof errors.StripeError && error.type !== "StripeConnectionError") {
          return { id: "", status: "failed", failureCode: error.code ?? "provider_error" };
        }
        throw error;
      }
    },
    async reverseTransfer(input, idempotencyKey) {
      const reversal = await (
        await stripe()
      ).transfers.createReversal(
        input.transferId,
        {
          amount: input.amountCents,
          ...(input.transactionId ? { metadata: { transactionId: input.transactionId } } : {}),
        },
        { idempotencyKey },
      );
      return { id: reversal.id };
    },
    async createRefund(input, idempotencyKey) {
      const refund = await (
        await stripe()
      ).refunds.create(
        {
          payment_intent: input.paymentId,
          ...(input.amountCents !== null ? { amount: input.amountCents } : {}),
          metadata: { orderId: input.orderId },
        },
        { idempotencyKey },
      );
      return { id: refund.id };
    },
  };
}

/** The configured provider, as for payments: Stripe with keys, the test provider otherwise. */
export function connectProvider(services: Pick<Services, "env" | "db">): ConnectProvider {
  const { env } = services;
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return createStripeConnectProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      apiUrl: env.STRIPE_API_URL,
    });
  }
  return createTestConnectProvider({ db: services.db, baseUrl: env.baseUrl });
}
