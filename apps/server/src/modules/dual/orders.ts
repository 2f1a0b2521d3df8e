import { toWire } from '@earn/domain';
import type { DualOrder, DualOrderInput } from '@earn/domain/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { dualOrders, users } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, notFound } from '../../errors.js';
import type { User } from '../account/repo.js';
import { decimalSetting } from '../admin/decimal-setting.js';
import { findCoin } from '../market/repo.js';

type Row = typeof dualOrders.$inferSelect;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function view(o: Row): DualOrder {
  return {
    order_id: o.id,
    kind: o.kind,
    direction: o.direction,
    coin: o.coin,
    invest_coin: o.investCoin,
    amount: toWire(o.amount),
    strike_price: toWire(o.strikePrice),
    apy: toWire(o.apy),
    settle_time: seconds(o.settleAt),
    status: o.status,
    settlement_coin: o.settlementCoin ?? '',
    settlement_amount: toWire(o.settlementAmount ?? '0'),
    create_time: seconds(o.createdAt),
  };
}

/** One of the user's orders of a kind; another user's order does not exist for them. */
export async function dualOrderDetail(ctx: AppContext, user: User, id: number, kind: Row['kind']) {
  const [row] = await ctx.db
    .select()
    .from(dualOrders)
    .where(and(eq(dualOrders.id, id), eq(dualOrders.userId, user.id), eq(dualOrders.kind, kind)));
  if (!row) throw notFound(`no ${kind === 'dual' ? 'dual investment' : 'dual sniper'} order ${id}`);
  return view(row);
}

/** The user's orders of both kinds, newest first. */
export async function dualOrderList(ctx: AppContext, user: User, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(dualOrders)
      .where(eq(dualOrders.userId, user.id))
      .orderBy(desc(dualOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ n: count() }).from(dualOrders).where(eq(dualOrders.userId, user.id)),
  ]);
  return { list: rows.map(view), total: total?.n ?? 0 };
}

/** Operator: records an order for a user. */
export async function createDualOrder(ctx: AppContext, input: DualOrderInput) {
  const [coin, invest] = await Promise.all([findCoin(ctx.db, input.coin), findCoin(ctx.db, input.invest_coin)]);
  if (!coin || !invest) throw badRequest('coin and invest_coin must be coins we list');
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
  if (!user) throw notFound(`user ${input.user_id} does not exist`);
  const settlement = input.settlement_coin ? await findCoin(ctx.db, input.settlement_coin) : null;
  if (input.settlement_coin && !settlement) throw badRequest('settlement_coin must be a coin we list');
  const now = ctx.clock.now();
  const createdAt = input.create_time === undefined ? now : new Date(input.create_time * 1000);
  if (createdAt > now) throw badRequest('create_time cannot be in the future');
  if (input.settle_time * 1000 <= createdAt.getTime()) throw badRequest('settle_time must come after create_time');
  const [row] = await runTx(ctx.db, (tx) =>
    tx
      .insert(dualOrders)
      .values({
        userId: user.id,
        kind: input.kind,
        direction: input.direction,
        coin: coin.symbol,
        investCoin: invest.symbol,
        amount: decimalSetting('amount', input.amount, '999999999999') as string,
        strikePrice: decimalSetting('strike_price', input.strike_price, '999999999999') as string,
        apy: decimalSetting('apy', input.apy, '100') as string,
        settleAt: new Date(input.settle_time * 1000),
        status: input.status,
        settlementCoin: settlement?.symbol ?? null,
        settlementAmount: input.settlement_amount
          ? (decimalSetting('settlement_amount', input.settlement_amount, '999999999999') as string)
          : null,
        createdAt,
      })
      .returning({ id: dualOrders.id }),
  );
  return { id: row?.id ?? 0 };
}
