import {
  checkMinLendRateFraction,
  type Decimal,
  flexibleTimeline,
  lendEarnAvailable,
  parseAmount,
  roundDown,
  toWire,
  WIRE_AMOUNTS,
} from '@earn/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { retryTransaction } from '../../db/retry.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { AppError, insufficientBalance, isInsufficientBalance, refused } from '../../errors.js';
import { rowCount } from '../../ledger/post.js';
import { postSet } from '../../ledger/post-set.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { walletOf } from '../fixed-earn/subscribe-fixed.js';
import { assertNotLocked } from './funding-lock.js';
import { type FlexibleMarket, requireOpenMarket } from './markets.js';
import { lockPosition, lockPositions, subscriptionsRecorded } from './positions.js';

/** History mode of a subscription made by the auto-earn sweep. */
export const MODE_AUTO_EARN = 5;

export interface SubscribeInput {
  asset: string;
  amount: string;
  /** Optional minimum lend APR (fraction) to set with the subscription. */
  rateYear?: string | undefined;
}

/** Subscribes a coin to its flexible product from the user's trading wallet. */
export async function subscribeFlexible(
  ctx: AppContext,
  user: User,
  input: SubscribeInput,
  idempotency?: IdempotencyRequest,
) {
  const { market, parsed, rate } = await checkSubscribeInput(ctx, user, input);
  const answer = (now: Date) => {
    const timeline = flexibleTimeline(now.getTime());
    return {
      asset: market.coin,
      amount: toWire(parsed.value),
      interest_start_at: timeline.interestStartMs / 1000,
      interest_received_at: timeline.interestReceivedMs / 1000,
    };
  };
  const subscription = { user, coin: market.coin, amount: parsed.value };
  // Usually one statement, its own transaction (the fewest round trips). With a new minimum APR or
  // an Idempotency-Key, or when that did not go through (no position yet, too little to lend, a
  // wallet that changed while it waited), one transaction, which opens the position or says why not.
  if (rate === undefined && !idempotency) {
    const now = ctx.clock.now();
    if (await retryTransaction(() => subscribeAtOnce(ctx.db, [subscription], now, 0))) return answer(now);
  }
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      await subscribeMany(tx, [subscription], now, 0);
      if (rate?.ok) await changeMinRate(tx, user.id, market, rate.value, now);
      return answer(now);
    },
    idempotency,
  );
}

/** A subscription's market, amount and minimum APR as asked: the market open, the amount above its minimum, the rate within its limits. */
async function checkSubscribeInput(ctx: AppContext, user: User, input: SubscribeInput) {
  assertNotLocked(user, 'subscribe');
  const market = await requireOpenMarket(ctx.db, input.asset);
  const parsed = parseAmount('amount', input.amount, WIRE_AMOUNTS.flexibleSubscribe);
  if (!parsed.ok) throw refused(parsed);
  if (parsed.value.lt(market.minLendAmount)) {
    const min = toWire(market.minLendAmount);
    throw new AppError(-1, `The minimum subscription is ${min} ${market.coin}`, 400, {
      key: 'lend_earn.minimum.purchase',
      params: { amount: min, asset: market.coin },
    });
  }
  const rate =
    input.rateYear === undefined
      ? undefined
      : checkMinLendRateFraction(input.rateYear, { limitMinRate: market.limitMinRate, maxRate: market.maxRate });
  if (rate && !rate.ok) throw refused(rate);
  return { market, parsed, rate };
}

/**
 * A subscription's checks on what is read without a lock, the balance too: before the fund-password
 * prompt (the route's precheck), so a subscription refused anyway costs no try. The subscription
 * checks again as it is made.
 */
export async function precheckSubscribe(ctx: AppContext, input: SubscribeInput, user: User) {
  const { market, parsed } = await checkSubscribeInput(ctx, user, input);
  const { balance, loan } = await walletOf(ctx.db, user, market.coin);
  if (parsed.value.gt(lendEarnAvailable(balance, loan))) throw insufficientBalance(market.coin);
}

/** One subscription of a set: from the user's trading wallet into their flexible position. */
export interface Subscription {
  user: Pick<User, 'id' | 'accountMode'>;
  coin: string;
  amount: Decimal;
}

/**
 * Subscriptions as one set, without a loop over users (the auto-earn sweep and launch-pool releases
 * subscribe many at once), inside the caller's transaction: each position locked with the wallet it
 * is paid from and its own account (missing positions opened first), then made at once
 * (subscribeAtOnce), which then reads what it locked as it is. At most one subscription per user
 * and coin.
 */
export async function subscribeMany(tx: Executor, subscriptions: readonly Subscription[], now: Date, mode: number) {
  if (subscriptions.length === 0) return;
  const set = subscriptionSet(subscriptions);
  const locked = rowCount(await tx.execute(sql`SELECT position_id FROM (${lockedSubscriptions(set)}) l`));
  if (locked < subscriptions.length) {
    await lockPositions(
      tx,
      subscriptions.map((s) => ({ userId: s.user.id, coin: s.coin })),
      now,
    );
    // The new positions' wallets and accounts, locked as the others were.
    await tx.execute(sql`SELECT position_id FROM (${lockedSubscriptions(set)}) l`);
  }
  if (!(await subscribeAtOnce(tx, subscriptions, now, mode))) {
    const coins = new Set(subscriptions.map((s) => s.coin));
    throw insufficientBalance(coins.size === 1 ? [...coins][0] : undefined);
  }
}

/** The subscriptions as rows (user_id, wallet, coin, amount): the user's trading wallet pays. */
function subscriptionSet(subscriptions: readonly Subscription[]): SQL {
  const column = (pick: (s: Subscription) => string | number) => `{${subscriptions.map(pick).join(',')}}`;
  return sql`SELECT * FROM unnest(
    ${column((s) => s.user.id)}::int[], ${column((s) => tradingWallet(s.user))}::text[], ${column((s) => s.coin)}::text[],
    ${column((s) => s.amount.toFixed())}::numeric[]
  ) AS s(user_id, wallet, coin, amount)`;
}

/**
 * Each subscription's position locked with the wallet it is paid from and the position's own
 * account, in position id order (a position before its wallet: the lock order), with what they
 * hold and what the wallet can lend: its balance less the user's loan, as the domain's
 * lendEarnAvailable says (borrowed coins are never lent).
 */
function lockedSubscriptions(set: SQL): SQL {
  return sql`
    SELECT p.id AS position_id, p.account_id, f.balance AS held, w.id AS wallet_id, s.user_id, s.coin, s.amount,
      GREATEST(w.balance - coalesce((SELECT l.amount FROM user_loans l WHERE l.user_id = s.user_id AND l.coin = s.coin), 0), 0) AS lendable
    FROM (${set}) s
    JOIN flexible_positions p ON p.user_id = s.user_id AND p.coin = s.coin
    JOIN ledger_accounts w ON w.user_id = s.user_id AND w.wallet = s.wallet AND w.coin = s.coin
    JOIN ledger_accounts f ON f.id = p.account_id
    ORDER BY p.id FOR UPDATE OF p, w, f`;
}

/**
 * Subscriptions in one statement, which is whole even as its own transaction: the positions,
 * wallets and accounts locked (lockedSubscriptions); then, only if every position exists and every
 * wallet can lend the amount, one journal entry debiting the wallets and crediting the positions,
 * the subscriptions added to their positions (book snapshot, not yet in the next book) and a
 * history row each. Returns whether they were made; if not, nothing was written. A statement that
 * waited for a lock can also be refused by a wallet's CHECK, which PostgreSQL tests on the row as
 * the statement first saw it (before the change it waited for): that too is "not made", and a
 * caller outside a transaction asks again in one (subscribeMany), whose locks come first.
 */
export async function subscribeAtOnce(
  db: Executor,
  subscriptions: readonly Subscription[],
  now: Date,
  mode: number,
): Promise<boolean> {
  try {
    const booked = await postSet(db, {
      kind: 'flexible.subscribe',
      ref: subscriptions.length === 1 ? subscriptions[0]?.coin : `mode:${mode}`,
      at: now,
      given: [
        // Read under the locks: what the wallet and the position's account hold as of now.
        sql`locked AS MATERIALIZED (${lockedSubscriptions(subscriptionSet(subscriptions))})`,
        sql`made AS MATERIALIZED (
          SELECT * FROM locked WHERE (SELECT count(*) FILTER (WHERE amount <= lendable) FROM locked) = ${subscriptions.length})`,
      ],
      legs: sql`
        SELECT wallet_id AS account_id, coin, -amount AS amount FROM made
        UNION ALL
        SELECT account_id, coin, amount FROM made`,
      alongside: [
        subscriptionsRecorded(sql`SELECT position_id AS id, amount, held AS balance FROM made`, now),
        sql`INSERT INTO earn_history (user_id, product, type, mode, coin, amount, at)
          SELECT user_id, 'flexible', 1, ${mode}, coin, amount, ${now.toISOString()}::timestamptz FROM made`,
      ],
    });
    return booked !== null;
  } catch (error) {
    if (isInsufficientBalance(error)) return false;
    throw error;
  }
}

/**
 * Sets the minimum lend APR. The clearing of an hour already begun keeps the previous one, and the
 * change puts the offer last among equal rates (first come, first served by the time of change).
 */
export async function changeMinRate(tx: Executor, userId: number, market: FlexibleMarket, rate: Decimal, now: Date) {
  const position = await lockPosition(tx, userId, market, now);
  const boundary = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000).toISOString();
  await tx.execute(sql`
    UPDATE flexible_positions SET
      prev_min_rate = CASE WHEN rate_changed_at < ${boundary} THEN min_rate ELSE prev_min_rate END,
      prev_priority_at = CASE WHEN rate_changed_at < ${boundary} THEN priority_at ELSE prev_priority_at END,
      min_rate = ${rate.toFixed()}::numeric, priority_at = ${now.toISOString()}, rate_changed_at = ${now.toISOString()}
    WHERE id = ${position.id}`);
  return roundDown(rate, 4);
}
