import {
  applyGate,
  DAY_MS,
  Decimal,
  managementFee,
  NAV_PLACES,
  nextSimulatedNav,
  roundUp,
  toDayString,
  unitsFor,
  unitsValue,
  VALUATION_OFFSET_MS,
  WEALTH_AMOUNT_PLACES,
  ZERO,
} from '@earn/domain';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { users, wealthNavs, wealthOrders, wealthPositions, wealthProducts } from '../../db/schema.js';
import type { Job } from '../../jobs/scheduler.js';
import { platformAccount, userAccount } from '../../ledger/accounts.js';
import { LegSet } from '../../ledger/leg-set.js';
import { tradingWallet } from '../account/me.js';
import {
  pendingPurchaseWallet,
  WEALTH_FEES,
  WEALTH_STRATEGY,
  type WealthProductRow,
  wealthPoolWallet,
} from './products.js';

/**
 * The daily valuation at 08:30 UTC (run by the hour that contains it, exactly once): each product's
 * NAV for the day (the operator's, else its simulated strategy's, else unchanged), less the day's
 * management fee; the pool brought to units x NAV; then the redemptions asked before 08:30 paid at
 * that NAV within the gate (the rest carried, first in line next time), and the purchases made before
 * 08:30 issued units at it.
 */
export const wealthValuationJob: Job = {
  name: 'wealth-valuation',
  period: 'hour',
  async run(tx, hourStart) {
    const at = new Date(Math.floor(hourStart.getTime() / DAY_MS) * DAY_MS + VALUATION_OFFSET_MS);
    if (at.getTime() < hourStart.getTime() || at.getTime() >= hourStart.getTime() + 3_600_000) return;
    const products = await tx.select().from(wealthProducts).orderBy(asc(wealthProducts.id)).for('update');
    for (const p of products) await valueProduct(tx, p, at);
  },
};

/** The NAV a valuation day starts from: the operator's for that day, else the simulated walk's. */
async function grossNav(tx: Tx, p: WealthProductRow, day: string, at: Date): Promise<string> {
  const [posted] = await tx
    .select({ nav: wealthNavs.nav })
    .from(wealthNavs)
    .where(and(eq(wealthNavs.productId, p.id), eq(wealthNavs.day, day), eq(wealthNavs.source, 'operator')));
  if (posted) return posted.nav;
  if (!p.simulation) return p.nav;
  return nextSimulatedNav(
    p.nav,
    p.simulation.seed,
    Math.floor(at.getTime() / DAY_MS),
    p.simulation.drift,
    p.simulation.vol,
  ).toFixed();
}

async function valueProduct(tx: Tx, p: WealthProductRow, at: Date) {
  const day = toDayString(at.getTime());
  const units = new Decimal(p.units);
  const { fee, navAfter: nav } = managementFee(units, await grossNav(tx, p, day, at), p.feeRate);
  const legs = new LegSet();
  const pool = platformAccount(wealthPoolWallet(p.id), p.coin);
  const [poolRow] = rowsOf<{ balance: string }>(
    await tx.execute(sql`
      SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts
      WHERE user_id IS NULL AND wallet = ${wealthPoolWallet(p.id)} AND coin = ${p.coin}`),
  );
  // The pool covers every unit at the new NAV (rounded up); the strategy's result makes up the difference.
  const target = roundUp(units.times(nav), WEALTH_AMOUNT_PLACES);
  const move = target.minus(poolRow?.balance ?? '0');
  legs.add(pool, move);
  legs.add(platformAccount(WEALTH_FEES, p.coin), fee);
  legs.add(platformAccount(WEALTH_STRATEGY, p.coin), move.plus(fee).neg());

  // Redemptions first: the gate is a share of the units before today's purchases.
  const redeems = await tx
    .select({
      id: wealthOrders.id,
      userId: wealthOrders.userId,
      units: wealthOrders.units,
      createdAt: wealthOrders.createdAt,
      mode: users.accountMode,
    })
    .from(wealthOrders)
    .innerJoin(users, eq(users.id, wealthOrders.userId))
    .where(
      and(
        eq(wealthOrders.productId, p.id),
        eq(wealthOrders.status, 'pending'),
        eq(wealthOrders.side, 'redeem'),
        lt(wealthOrders.createdAt, at),
      ),
    )
    .orderBy(asc(wealthOrders.id))
    .for('update', { of: wealthOrders });
  const { granted, carried } = applyGate(
    redeems.map((r) => r.units ?? '0'),
    units,
    p.gatePercent,
  );
  let out = ZERO;
  for (const [i, r] of redeems.entries()) {
    const u = granted[i] ?? ZERO;
    const left = carried[i] ?? ZERO;
    const paid = unitsValue(u, nav);
    out = out.plus(u);
    if (paid.gt(0)) {
      legs.add(pool, paid.neg());
      legs.add(userAccount(r.userId, tradingWallet({ accountMode: r.mode }), p.coin), paid);
    }
    await tx
      .update(wealthOrders)
      .set({
        status: 'done',
        units: u.toFixed(),
        amount: paid.toFixed(),
        carried: left.toFixed(),
        nav: nav.toFixed(),
        valuedAt: at,
      })
      .where(eq(wealthOrders.id, r.id));
    if (left.gt(0)) {
      // The carried units wait for the next valuation: a new order, asked as of this one.
      await tx.insert(wealthOrders).values({
        userId: r.userId,
        productId: p.id,
        side: 'redeem',
        units: left.toFixed(),
        status: 'pending',
        createdAt: at,
      });
    }
    await tx.execute(sql`
      UPDATE wealth_positions SET
        cost = CASE WHEN units = 0 THEN 0 ELSE cost - round(cost * ${u.toFixed()}::numeric / units, 8) END,
        units = units - ${u.toFixed()}::numeric,
        units_pending = units_pending - ${u.toFixed()}::numeric,
        redeemed = redeemed + ${paid.toFixed()}::numeric
      WHERE user_id = ${r.userId} AND product_id = ${p.id}`);
  }

  const purchases = await tx
    .select({ id: wealthOrders.id, userId: wealthOrders.userId, amount: wealthOrders.amount })
    .from(wealthOrders)
    .where(
      and(
        eq(wealthOrders.productId, p.id),
        eq(wealthOrders.status, 'pending'),
        eq(wealthOrders.side, 'purchase'),
        lt(wealthOrders.createdAt, at),
      ),
    )
    .orderBy(asc(wealthOrders.id))
    .for('update');
  let issued = ZERO;
  for (const o of purchases) {
    const amount = new Decimal(o.amount ?? '0');
    const u = unitsFor(amount, nav);
    issued = issued.plus(u);
    legs.add(userAccount(o.userId, pendingPurchaseWallet(p.id), p.coin), amount.neg());
    legs.add(pool, amount);
    await tx
      .update(wealthOrders)
      .set({ status: 'done', units: u.toFixed(), nav: nav.toFixed(), valuedAt: at })
      .where(eq(wealthOrders.id, o.id));
    await tx
      .insert(wealthPositions)
      .values({ userId: o.userId, productId: p.id, units: u.toFixed(), cost: amount.toFixed(), firstAt: at })
      .onConflictDoUpdate({
        target: [wealthPositions.userId, wealthPositions.productId],
        set: {
          units: sql`${wealthPositions.units} + ${u.toFixed()}::numeric`,
          cost: sql`${wealthPositions.cost} + ${amount.toFixed()}::numeric`,
        },
      });
  }
  await legs.post(tx, { kind: 'wealth.valuation', ref: `product:${p.id}:${day}`, at });
  const after = units.minus(out).plus(issued);
  await tx
    .update(wealthProducts)
    .set({ nav: nav.toDecimalPlaces(NAV_PLACES).toFixed(), units: after.toFixed() })
    .where(eq(wealthProducts.id, p.id));
  await tx
    .insert(wealthNavs)
    .values({ productId: p.id, day, nav: nav.toFixed(), source: 'valuation', units: after.toFixed() })
    .onConflictDoUpdate({
      target: [wealthNavs.productId, wealthNavs.day],
      // The operator's gross NAV becomes the valued one; the row now says the day is valued.
      set: { nav: nav.toFixed(), units: after.toFixed(), source: 'valuation' },
    });
}
