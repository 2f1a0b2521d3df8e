import { Decimal, nextValuationMs, parseAmount, toWire, WIRE_AMOUNTS } from '@earn/domain';
import type { WealthRedeemBody } from '@earn/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { wealthOrders, wealthPositions } from '../../db/schema.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import type { User } from '../account/repo.js';
import { assertNotLocked } from '../simple-earn/funding-lock.js';
import { shareLockWealthProduct } from './products.js';

/** The units a redemption asks for: above 0, to the wire's places. */
function parseUnits(user: User, body: WealthRedeemBody): Decimal {
  assertNotLocked(user, 'redeem');
  const parsed = parseAmount('unit', body.unit, WIRE_AMOUNTS.wealthUnits);
  if (!parsed.ok) throw refused(parsed);
  if (parsed.value.lte(0)) throw badRequest('Enter a number of units above 0', 'wealth.unitsNonZero');
  return parsed.value;
}

/** Not more units than the position holds outside redemptions already asked for. */
function assertRedeemable(position: { units: string; unitsPending: string } | undefined, units: Decimal) {
  const redeemable = position ? new Decimal(position.units).minus(position.unitsPending) : new Decimal(0);
  if (units.gt(redeemable)) {
    throw refused({
      key: 'less.redeemable.units',
      message: `You can redeem at most ${toWire(redeemable)} units`,
      params: { amount: toWire(redeemable) },
    });
  }
}

/**
 * A redemption's checks on what is read without a lock, the units held too: before the
 * fund-password prompt (the route's precheck), so a redemption refused anyway costs no try.
 */
export async function precheckWealthRedeem(ctx: AppContext, body: WealthRedeemBody, user: User) {
  const units = parseUnits(user, body);
  const product = await shareLockWealthProduct(ctx.db, body.pid);
  const [position] = await ctx.db
    .select()
    .from(wealthPositions)
    .where(and(eq(wealthPositions.userId, user.id), eq(wealthPositions.productId, product.id)));
  assertRedeemable(position, units);
}

/**
 * Asks to redeem units: they are set aside at once (so parallel requests never ask more than is held)
 * and the next valuation pays them at its NAV, within the product's gate.
 */
export async function redeemWealth(
  ctx: AppContext,
  user: User,
  body: WealthRedeemBody,
  idempotency?: IdempotencyRequest,
) {
  const units = parseUnits(user, body);
  return runTx(
    ctx.db,
    async (tx) => {
      const now = ctx.clock.now();
      const product = await shareLockWealthProduct(tx, body.pid);
      const [position] = await tx
        .select()
        .from(wealthPositions)
        .where(and(eq(wealthPositions.userId, user.id), eq(wealthPositions.productId, product.id)))
        .for('update');
      assertRedeemable(position, units);
      await tx
        .update(wealthPositions)
        .set({ unitsPending: sql`${wealthPositions.unitsPending} + ${units.toFixed()}::numeric` })
        .where(and(eq(wealthPositions.userId, user.id), eq(wealthPositions.productId, product.id)));
      const [order] = await tx
        .insert(wealthOrders)
        .values({
          userId: user.id,
          productId: product.id,
          side: 'redeem',
          units: units.toFixed(),
          status: 'pending',
          createdAt: now,
        })
        .returning({ id: wealthOrders.id });
      return {
        order_id: order?.id ?? 0,
        pid: product.id,
        side: 'redeem' as const,
        status: 'pending' as const,
        amount: '0',
        unit: toWire(units),
        carried: '0',
        nav: '0',
        coin: product.coin,
        create_time: Math.floor(now.getTime() / 1000),
        valuation_time: Math.floor(nextValuationMs(now.getTime()) / 1000),
      };
    },
    idempotency,
  );
}
