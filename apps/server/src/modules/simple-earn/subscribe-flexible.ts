import {
  checkMinLendRateFraction,
  type Decimal,
  flexibleTimeline,
  lendEarnAvailable,
  parseAmount,
  roundDown,
  SUBSCRIBE_PLACES,
  toWire,
} from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { AppError, insufficientBalance, refused } from '../../errors.js';
import { postSet } from '../../ledger/post-set.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
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
  assertNotLocked(user, 'subscribe');
  const market = await requireOpenMarket(ctx.db, input.asset);
  const parsed = parseAmount('amount', input.amount, { maxDecimals: SUBSCRIBE_PLACES });
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
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      await subscribeIn(tx, user, market, parsed.value, now, 0);
      if (rate?.ok) await changeMinRate(tx, user.id, market, rate.value, now);
      const timeline = flexibleTimeline(now.getTime());
      return {
        asset: market.coin,
        amount: toWire(parsed.value),
        interest_start_at: timeline.interestStartMs / 1000,
        interest_received_at: timeline.interestReceivedMs / 1000,
      };
    },
    idempotency,
  );
}

/** One subscription of a set: from the user's trading wallet into their flexible position. */
export interface Subscription {
  user: Pick<User, 'id' | 'accountMode'>;
  coin: string;
  amount: Decimal;
}

/** The subscription itself, inside a transaction: the API's, a set of one. */
export async function subscribeIn(
  tx: Executor,
  user: Pick<User, 'id' | 'accountMode'>,
  market: FlexibleMarket,
  amount: Decimal,
  now: Date,
  mode: number,
) {
  await subscribeMany(tx, [{ user, coin: market.coin, amount }], now, mode);
}

/**
 * Subscriptions as one set, without a loop over users (the auto-earn sweep and launch-pool releases
 * subscribe many at once): each position locked together with the trading wallet it is paid from
 * (positions opened first where missing), each wallet holding the amount and keeping at least the
 * user's loan; the subscriptions added to their positions (book snapshot, not yet in the next book),
 * one journal entry debiting the wallets and crediting the positions, and a history row each. At
 * most one subscription per user and coin.
 */
export async function subscribeMany(tx: Executor, subscriptions: readonly Subscription[], now: Date, mode: number) {
  if (subscriptions.length === 0) return;
  const column = (pick: (s: Subscription) => string | number) => `{${subscriptions.map(pick).join(',')}}`;
  const set = sql`SELECT * FROM unnest(
    ${column((s) => s.user.id)}::int[], ${column((s) => tradingWallet(s.user))}::text[], ${column((s) => s.coin)}::text[],
    ${column((s) => s.amount.toFixed())}::numeric[]
  ) AS s(user_id, wallet, coin, amount)`;
  // Each position and its wallet, locked in position id order (a position before its wallet: the
  // lock order); a wallet never funded has nothing, and borrowed coins are never lent.
  const lockPairs = async () =>
    rowsOf<{ position_id: number; account_id: number; user_id: number; coin: string; balance: string; loan: string }>(
      await tx.execute(sql`
        SELECT p.id AS position_id, p.account_id, p.user_id, p.coin, w.balance::text,
          coalesce((SELECT l.amount FROM user_loans l WHERE l.user_id = p.user_id AND l.coin = p.coin), 0)::text AS loan
        FROM (${set}) s
        JOIN flexible_positions p ON p.user_id = s.user_id AND p.coin = s.coin
        JOIN ledger_accounts w ON w.user_id = s.user_id AND w.wallet = s.wallet AND w.coin = s.coin
        ORDER BY p.id FOR UPDATE OF p, w`),
    );
  // Usually every position exists already: one statement. Otherwise the missing are opened first.
  let pairs = await lockPairs();
  if (pairs.length < subscriptions.length) {
    await lockPositions(
      tx,
      subscriptions.map((s) => ({ userId: s.user.id, coin: s.coin })),
      now,
    );
    pairs = await lockPairs();
  }
  const pairOf = new Map(pairs.map((p) => [`${p.user_id}|${p.coin}`, p]));
  const positionOf = (s: Subscription) => {
    const pair = pairOf.get(`${s.user.id}|${s.coin}`);
    if (!pair || s.amount.gt(lendEarnAvailable(pair.balance, pair.loan))) throw insufficientBalance(s.coin);
    return pair;
  };
  const positions = subscriptions.map(positionOf);
  // The positions' records and the history are written by the posting's own statement (one round trip).
  const recorded = subscriptionsRecorded(
    subscriptions.map((s, i) => ({ positionId: positions[i]?.position_id ?? 0, amount: s.amount })),
    now,
  );
  const history = sql`
    INSERT INTO earn_history (user_id, product, type, mode, coin, amount, at)
    SELECT s.user_id, 'flexible', 1, ${mode}, s.coin, s.amount, ${now.toISOString()}::timestamptz FROM (${set}) s`;
  await postSet(tx, {
    kind: 'flexible.subscribe',
    ref: subscriptions.length === 1 ? subscriptions[0]?.coin : `mode:${mode}`,
    at: now,
    legs: sql`
      SELECT w.id AS account_id, s.coin, -s.amount AS amount FROM (${set}) s
      JOIN ledger_accounts w ON w.user_id = s.user_id AND w.wallet = s.wallet AND w.coin = s.coin
      UNION ALL
      SELECT p.account_id, s.coin, s.amount FROM (${set}) s
      JOIN flexible_positions p ON p.user_id = s.user_id AND p.coin = s.coin`,
    alongside: [recorded, history],
  });
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
