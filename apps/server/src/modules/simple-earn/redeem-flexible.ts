import {
  Decimal,
  type DecimalLike,
  floorHour,
  HOUR_MS,
  MIN_REDEEM,
  parseAmount,
  toWire,
  VIP_TIER,
  WIRE_AMOUNTS,
} from '@earn/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { earnHistory } from '../../db/schema.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { AppError, autoEarnNotForVip, refused } from '../../errors.js';
import { userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { isUnified, tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { keepRedeemedFromSweep } from './auto-earn-kept.js';
import { assertNotLocked } from './funding-lock.js';
import { autoInvestStatus } from './market-queries.js';
import { requireOpenMarket } from './markets.js';
import {
  balancesOf,
  changeNetSubscribed,
  FLEXIBLE,
  FLEXIBLE_REDEEMING,
  findPosition,
  keepBookSnapshot,
  lentNow,
  lockPosition,
  recordHourLow,
} from './positions.js';
import { switchAutoEarn } from './set-auto-invest.js';

/** History modes of a redemption: paid to spot (32) or to the unified account (0). */
export const MODE_REDEEM_SPOT = 32;
export const MODE_REDEEM_UNIFIED = 0;

/**
 * The redeem form's auto-earn checkbox, which starts from the coin's status (spec): unticked (0)
 * turns auto-earn off for this coin; ticked, or not sent while it is on, it is on, and the redeemed
 * amount is kept out of the hourly sweep so it is not subscribed straight back.
 */
async function keepAutoEarnChoice(
  tx: Executor,
  userId: number,
  coin: string,
  amount: Decimal,
  autoEarn: number | undefined,
) {
  const on = (await autoInvestStatus(tx, userId)).isOn(coin);
  if (autoEarn === 0) {
    if (on) await switchAutoEarn(tx, userId, coin, 0);
    return;
  }
  if (!on && autoEarn !== 1) return;
  if (!on) await switchAutoEarn(tx, userId, coin, 1);
  await keepRedeemedFromSweep(tx, userId, coin, amount);
}

/** A flexible redemption as asked: the dialog's view of the holding is informative only. */
export interface RedeemInput {
  asset: string;
  amount: string;
  curr_amount?: string | undefined;
  lend_amount?: string | undefined;
  auto_invest_status?: number | undefined;
}

/** What a redemption asks for: the market open, the amount to its places and above the minimum. */
async function checkRedeemInput(ctx: AppContext, user: User, input: RedeemInput) {
  assertNotLocked(user, 'redeem');
  // VIP accounts have no auto-earn, so none to switch on with a redemption.
  if (input.auto_invest_status === 1 && user.tier >= VIP_TIER) throw autoEarnNotForVip();
  const market = await requireOpenMarket(ctx.db, input.asset);
  const parsed = parseAmount('amount', input.amount, WIRE_AMOUNTS.flexibleRedeem);
  if (!parsed.ok) throw refused(parsed);
  // What the dialog saw is only informative, but it must be an amount too.
  for (const field of ['curr_amount', 'lend_amount'] as const) {
    const seen = input[field] === undefined ? null : parseAmount(field, input[field], WIRE_AMOUNTS.flexibleSeen);
    if (seen && !seen.ok) throw refused(seen);
  }
  if (parsed.value.lt(MIN_REDEEM))
    throw new AppError(-1, `The minimum redemption is ${MIN_REDEEM}`, 400, {
      key: 'redeem.number.minLimit',
      params: { number: String(MIN_REDEEM), coin: market.coin },
    });
  return { market, parsed };
}

function assertWithinHeld(amount: Decimal, held: DecimalLike, coin: string) {
  if (amount.gt(held)) {
    throw new AppError(-1, `The current maximum is ${toWire(held)} ${coin}`, 400, {
      key: 'redeem.number.maxLimit',
      params: { amount: toWire(held), coin },
    });
  }
}

/**
 * A redemption's checks on what is read without a lock, what is held too: before the fund-password
 * prompt (the route's precheck), so a redemption refused anyway costs no try. The redemption checks
 * again under the position's lock.
 */
export async function precheckRedeem(ctx: AppContext, input: RedeemInput, user: User) {
  const { market, parsed } = await checkRedeemInput(ctx, user, input);
  const position = await findPosition(ctx.db, user.id, market.coin);
  assertWithinHeld(parsed.value, position ? (await balancesOf(ctx.db, position)).held : '0', market.coin);
}

/**
 * Redeems from a flexible position at any time: what is not lent this hour is paid at once; the
 * lent part is frozen (frozen_status 1, cancellable) and paid when the hour settles.
 */
export async function redeemFlexible(
  ctx: AppContext,
  user: User,
  input: RedeemInput,
  idempotency?: IdempotencyRequest,
) {
  const { market, parsed } = await checkRedeemInput(ctx, user, input);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const position = await lockPosition(tx, user.id, market, now);
      const { held, redeeming } = await balancesOf(tx, position);
      assertWithinHeld(parsed.value, held, market.coin);
      // The hour's allocation is unsettled until the job of the next boundary runs.
      const lent = new Decimal(await lentNow(tx, position, now.getTime()));
      // Of what was lent this hour, the part already frozen has left the position; the rest is still in it.
      const lentStillHeld = Decimal.max(lent.minus(redeeming), 0);
      const free = Decimal.max(new Decimal(held).minus(lentStillHeld), 0);
      const instant = Decimal.min(parsed.value, free);
      const frozen = parsed.value.minus(instant);
      await keepBookSnapshot(tx, [position.id], now);
      const wallet = tradingWallet(user);
      const postings = [{ account: userAccount(user.id, FLEXIBLE, market.coin), amount: parsed.value.neg() }];
      if (instant.gt(0)) postings.push({ account: userAccount(user.id, wallet, market.coin), amount: instant });
      if (frozen.gt(0))
        postings.push({ account: userAccount(user.id, FLEXIBLE_REDEEMING, market.coin), amount: frozen });
      await post(tx, { kind: 'flexible.redeem', ref: market.coin, userId: user.id, at: now, postings });
      await changeNetSubscribed(tx, position, parsed.value.neg());
      await recordHourLow(tx, position, now);
      await keepAutoEarnChoice(tx, user.id, market.coin, parsed.value, input.auto_invest_status);
      await tx.insert(earnHistory).values({
        userId: user.id,
        product: 'flexible',
        type: 2,
        mode: isUnified(user) ? MODE_REDEEM_UNIFIED : MODE_REDEEM_SPOT,
        coin: market.coin,
        amount: parsed.value.toFixed(),
        at: now,
      });
      return {
        asset: market.coin,
        amount: toWire(parsed.value),
        instant_amount: toWire(instant),
        frozen_amount: toWire(frozen),
        /** When the frozen part arrives: the end of the current hour. */
        arrival_at: frozen.gt(0) ? (floorHour(now.getTime()) + HOUR_MS) / 1000 : Math.floor(now.getTime() / 1000),
        account: wallet,
      };
    },
    idempotency,
  );
}
