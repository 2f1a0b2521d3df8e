import {
  checkMinLendRateFraction,
  Decimal,
  flexibleTimeline,
  parseAmount,
  roundDown,
  SUBSCRIBE_PLACES,
  toWire,
} from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { earnHistory } from '../../db/schema.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { AppError, refused } from '../../errors.js';
import { userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { tradingWallet } from '../account/me.js';
import { loansOf, type User } from '../account/repo.js';
import { assertNotLocked } from './funding-lock.js';
import { type FlexibleMarket, requireOpenMarket } from './markets.js';
import { FLEXIBLE, keepBookSnapshot, lockPosition, markNotYetInBook } from './positions.js';

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

/** The subscription itself, inside a transaction: shared by the API and the auto-earn sweep. */
export async function subscribeIn(
  tx: Executor,
  user: Pick<User, 'id' | 'accountMode'>,
  market: FlexibleMarket,
  amount: Decimal,
  now: Date,
  mode: number,
) {
  const position = await lockPosition(tx, user.id, market, now);
  await keepBookSnapshot(tx, position, now);
  // Borrowed coins are never lent: the debit leaves at least the loan (the screen's lend_earn_available).
  const loan = new Decimal((await loansOf(tx, user.id)).get(market.coin) ?? '0');
  await post(tx, {
    kind: 'flexible.subscribe',
    ref: market.coin,
    userId: user.id,
    at: now,
    postings: [
      { account: userAccount(user.id, tradingWallet(user), market.coin), amount: amount.neg(), keepAtLeast: loan },
      { account: userAccount(user.id, FLEXIBLE, market.coin), amount },
    ],
  });
  await markNotYetInBook(tx, position, amount, now);
  await tx.insert(earnHistory).values({
    userId: user.id,
    product: 'flexible',
    type: 1,
    mode,
    coin: market.coin,
    amount: amount.toFixed(),
    at: now,
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
