import {
  DAY_MS,
  Decimal,
  FixedProductType,
  fixedInterest,
  HOUR_MS,
  type LadderSlice,
  placeOnLadder,
  renewalSplit,
  renewalTimeline,
  toWire,
  ZERO,
} from '@earn/domain';
import { inArray, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { fixedProducts } from '../../db/schema.js';
import type { Job } from '../../jobs/scheduler.js';
import { PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { LegSet } from '../../ledger/leg-set.js';
import { tradingWallet } from '../account/me.js';
import type { User } from '../account/repo.js';
import { catalogueCoinMap } from '../market/repo.js';
import { catalogueMarkets } from '../simple-earn/markets.js';
import { lockPositions } from '../simple-earn/positions.js';
import { subscribeMany } from '../simple-earn/subscribe-flexible.js';
import type { FixedOrderRow } from './holdings.js';
import { FIXED_WALLET } from './open-order.js';
import { redeemMode } from './pre-redeem.js';
import {
  bonusPrices,
  type FixedProductRow,
  heldOfUsers,
  ineligibility,
  ladderWire,
  NOTHING_HELD,
  productRemaining,
  saleStatus,
  termBonus,
  termExtraRate,
  userRemaining,
} from './products.js';

/** Orders settled per transaction: a part of the hour never holds more than this many rows. */
export const FIXED_SETTLE_BATCH = 5_000;
/** History mode of a renewed order (spec: 15 auto reinvest) and of a payout into flexible (14). */
const MODE_REINVEST = 15;
const MODE_TO_FLEXIBLE = 14;

type DueOrder = FixedOrderRow &
  Pick<User, 'accountMode' | 'tier' | 'isNewUser' | 'kycLevel' | 'region'> & { voucherRatio: string | null };

/**
 * The fixed-term hour: reminds the holders of orders that mature within a day, then settles every
 * order whose finish_time has come, exactly once (the scheduler records the hour with the work;
 * a settled order leaves the 'holding' state), in parts of FIXED_SETTLE_BATCH orders. At maturity
 * the principal (less what renews) and the interest, voucher interest and ladder bonus go to the
 * order's redeem-to account; with auto-reinvest a new order of the same product opens, or of the
 * best normal product of the same coin and term when it no longer sells (subscribe again).
 */
export function fixedMaturityJob(batch = FIXED_SETTLE_BATCH): Job {
  return {
    name: 'fixed-maturity',
    period: 'hour',
    async run(tx, periodStart, resumeFrom) {
      const end = new Date(periodStart.getTime() + HOUR_MS);
      if (resumeFrom === undefined) await remindMaturing(tx, end);
      const due = await lockDueOrders(tx, end, resumeFrom ?? 0, batch);
      if (due.length === 0) return;
      await settle(tx, due, end);
      const last = due[due.length - 1];
      return due.length === batch && last ? { resumeFrom: last.id } : undefined;
    },
  };
}

/** An inbox message a day before an order matures, once per order. */
async function remindMaturing(tx: Tx, end: Date) {
  await tx.execute(sql`
    WITH due AS (
      UPDATE fixed_orders SET reminded_at = ${end.toISOString()}
      WHERE state = 'holding' AND reminded_at IS NULL AND finish_at > ${end.toISOString()}
        AND finish_at <= ${new Date(end.getTime() + DAY_MS).toISOString()}
      RETURNING id, user_id, coin, principal, lock_up_period, finish_at
    )
    INSERT INTO inbox_messages (user_id, kind, key, params, title, body, link, created_at)
    SELECT user_id, 'fixed', 'inbox.fixed.maturing',
      jsonb_build_object('asset', coin, 'amount', trim_scale(principal)::text, 'days', lock_up_period::text,
        'finish', to_char(finish_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
        -- The instant, so the web says it in the reader's time zone and date format.
        'finish_time', (extract(epoch FROM finish_at) * 1000)::bigint::text),
      'Your fixed order matures soon',
      'Your ' || lock_up_period || '-day ' || coin || ' order of ' || trim_scale(principal)::text || ' ' || coin || ' matures on ' ||
        to_char(finish_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') || '.',
      '/simple-earn/my-lendings/' || id || '?orderType=fixed&asset=' || coin || '&order_id=' || id,
      ${end.toISOString()}::timestamptz
    FROM due`);
}

async function lockDueOrders(tx: Tx, end: Date, after: number, batch: number): Promise<DueOrder[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      SELECT o.*, u.account_mode, u.tier, u.is_new_user, u.kyc_level, u.region, v.rate_ratio AS voucher_ratio
      FROM fixed_orders o JOIN users u ON u.id = o.user_id LEFT JOIN rate_up_vouchers v ON v.id = o.voucher_id
      WHERE o.state = 'holding' AND o.finish_at <= ${end.toISOString()} AND o.id > ${after}
      ORDER BY o.id LIMIT ${batch} FOR UPDATE OF o`),
  );
  const date = (v: unknown) => (v === null ? null : new Date(v as string));
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    productId: Number(r.product_id),
    coin: r.coin as string,
    principal: String(r.principal),
    yearRate: String(r.year_rate),
    lockUpPeriod: Number(r.lock_up_period),
    interest: String(r.interest),
    bonusAsset: (r.bonus_asset as string | null) ?? null,
    bonusAmount: String(r.bonus_amount),
    voucherId: r.voucher_id === null ? null : Number(r.voucher_id),
    couponInterest: String(r.coupon_interest),
    extraRate: String(r.extra_rate),
    ladderApr: r.ladder_apr as FixedOrderRow['ladderApr'],
    ladderSlices: r.ladder_slices as [string, string][],
    createdAt: date(r.created_at) as Date,
    interestStartAt: date(r.interest_start_at) as Date,
    finishAt: date(r.finish_at) as Date,
    state: r.state as FixedOrderRow['state'],
    redeemAccountType: Number(r.redeem_account_type),
    reinvestStatus: Number(r.reinvest_status),
    reinvestAmount: r.reinvest_amount === null ? null : String(r.reinvest_amount),
    mode: Number(r.mode),
    paidInterest: null,
    settledAt: null,
    renewedOrderId: null,
    remindedAt: date(r.reminded_at),
    accountMode: r.account_mode as User['accountMode'],
    tier: Number(r.tier),
    isNewUser: Boolean(r.is_new_user),
    kycLevel: Number(r.kyc_level),
    region: r.region as string,
    voucherRatio: r.voucher_ratio === null ? null : String(r.voucher_ratio),
  }));
}

interface Renewal {
  id: number;
  from: DueOrder;
  product: FixedProductRow;
  amount: Decimal;
  /** The parts of the product's ladder it takes: the lowest the user's other held orders leave free. */
  ladderAt: LadderSlice[];
}

/** Where a renewing order goes: its product while it takes the amount, else the best normal one of the coin and term. */
function renewalTarget(
  o: DueOrder,
  amount: Decimal,
  products: readonly FixedProductRow[],
  heldOf: (userId: number, productId: number) => Decimal,
): FixedProductRow | undefined {
  const fits = (p: FixedProductRow) =>
    saleStatus(p, o.finishAt.getTime()) === 1 &&
    ineligibility(p, o) === '' &&
    amount.gte(p.minLendAmount) &&
    amount.lte(productRemaining(p)) &&
    amount.lte(userRemaining(p, heldOf(o.userId, p.id)));
  const own = products.find((p) => p.id === o.productId);
  if (own && fits(own)) return own;
  return products
    .filter((p) => p.coin === o.coin && p.lockUpPeriod === o.lockUpPeriod && p.type === FixedProductType.normal)
    .filter(fits)
    .sort((a, b) => new Decimal(b.yearRate).comparedTo(a.yearRate) || a.id - b.id)[0];
}

async function settle(tx: Tx, due: DueOrder[], end: Date) {
  const coins = [...new Set(due.map((o) => o.coin))];
  // Products after orders (the lock order): the matured principal leaves their quota, renewals fill it.
  const products = await tx
    .select()
    .from(fixedProducts)
    .where(inArray(fixedProducts.coin, coins))
    .orderBy(fixedProducts.id)
    .for('update');
  const productOf = new Map(products.map((p) => [p.id, p]));
  for (const o of due) {
    const p = productOf.get(o.productId);
    if (p) p.held = new Decimal(p.held).minus(o.principal).toFixed();
  }
  const renewing = due.filter((o) => o.reinvestStatus === 1);
  // What the renewing users hold once this batch's matured orders are gone.
  const heldRows = await heldOfUsers(
    tx,
    renewing.map((o) => o.userId),
    due.map((o) => o.id),
  );
  const userHeld = new Map(heldRows.map((r) => [`${r.userId}|${r.productId}`, r.held]));
  const heldOf = (userId: number, productId: number) => userHeld.get(`${userId}|${productId}`) ?? NOTHING_HELD;
  const coinMap = await catalogueCoinMap(tx);

  const renewalIds = await nextOrderIds(tx, renewing.length);
  const renewals: Renewal[] = [];
  for (const o of renewing) {
    const { renew } = renewalSplit(o.principal, o.reinvestAmount);
    if (renew.lte(0)) continue;
    const target = renewalTarget(o, renew, products, (userId, productId) => heldOf(userId, productId).principal);
    if (!target) continue;
    const id = renewalIds[renewals.length] as number;
    const held = heldOf(o.userId, target.id);
    const ladderAt = placeOnLadder(held.ladder, renew);
    renewals.push({ id, from: o, product: target, amount: renew, ladderAt });
    target.held = new Decimal(target.held).plus(renew).toFixed();
    userHeld.set(`${o.userId}|${target.id}`, {
      principal: held.principal.plus(renew),
      ladder: [...held.ladder, ...ladderAt],
    });
  }
  const renewalOf = new Map(renewals.map((r) => [r.from.id, r]));

  // The ledger: per order, the paid-out principal leaves the fixed wallet; interest, voucher and
  // bonus come from the platform's accounts; all of it lands in the trading wallet.
  const legs = new LegSet();
  const toFlexible = new Map<string, { user: DueOrder; coin: string; amount: Decimal }>();
  const history: HistoryCell[][] = [];
  const inbox: (string | number)[][] = [];
  const markets = new Set((await catalogueMarkets(tx)).filter((m) => m.isOpen).map((m) => m.coin));
  for (const o of due) {
    const renewal = renewalOf.get(o.id);
    const paidPrincipal = new Decimal(o.principal).minus(renewal?.amount ?? 0);
    const interest = new Decimal(o.interest);
    const coupon = new Decimal(o.couponInterest);
    const bonus = new Decimal(o.bonusAmount);
    const bonusAsset = o.bonusAsset ?? o.coin;
    const wallet = tradingWallet(o);
    legs.add(userAccount(o.userId, FIXED_WALLET, o.coin), paidPrincipal.neg());
    legs.add(platformAccount(PlatformAccount.fixedInterest, o.coin), interest.neg());
    legs.add(platformAccount(PlatformAccount.rateUp, o.coin), coupon.neg());
    legs.add(platformAccount(PlatformAccount.fixedBonus, bonusAsset), bonus.neg());
    const inCoin = paidPrincipal
      .plus(interest)
      .plus(coupon)
      .plus(bonusAsset === o.coin ? bonus : ZERO);
    legs.add(userAccount(o.userId, wallet, o.coin), inCoin);
    if (bonusAsset !== o.coin) legs.add(userAccount(o.userId, wallet, bonusAsset), bonus);
    const intoFlexible = o.redeemAccountType === 1 && markets.has(o.coin) && inCoin.gt(0);
    if (intoFlexible) {
      const key = `${o.userId}|${o.coin}`;
      const prev = toFlexible.get(key);
      toFlexible.set(key, { user: o, coin: o.coin, amount: (prev?.amount ?? ZERO).plus(inCoin) });
    }
    const at = o.finishAt.toISOString();
    const row = (type: number, mode: number, amount: Decimal, rate: string | null, orderId = o.id) => {
      if (amount.lte(0)) return;
      const bonusCoin = type === 4 ? bonusAsset : null;
      history.push([
        o.userId,
        type,
        mode,
        o.coin,
        amount.toFixed(),
        o.principal,
        rate,
        orderId,
        o.lockUpPeriod,
        at,
        bonusCoin,
      ]);
    };
    const mode = intoFlexible ? MODE_TO_FLEXIBLE : redeemMode(o);
    row(2, mode, paidPrincipal, o.yearRate);
    row(3, mode, interest, o.yearRate);
    // A bonus in another coin stays in the trading account, whatever redeem-to says.
    row(4, bonusAsset === o.coin ? mode : redeemMode(o), bonus, null);
    // A rate-up row's rate is the extra APR as a fraction, like every other row's.
    row(5, mode, coupon, o.voucherRatio === null ? null : new Decimal(o.voucherRatio).div(100).toFixed());
    if (renewal) row(1, MODE_REINVEST, renewal.amount, renewal.product.yearRate, renewal.id);
    const where = intoFlexible
      ? 'flexible Simple Earn'
      : wallet === 'spot'
        ? 'your spot account'
        : 'your unified account';
    const paid = inCoin.minus(paidPrincipal);
    const renewedDays = renewal?.product.lockUpPeriod ?? 0;
    const foreignBonus = bonusAsset !== o.coin && bonus.gt(0);
    const parts =
      (paidPrincipal.gt(0)
        ? `${toWire(paidPrincipal)} ${o.coin} principal and ${toWire(paid)} ${o.coin} earnings went to ${where}`
        : `${toWire(paid)} ${o.coin} earnings went to ${where}`) +
      (foreignBonus
        ? `, and a ${toWire(bonus)} ${bonusAsset} bonus to your ${wallet === 'spot' ? 'spot' : 'unified'} account`
        : '');
    const kind = !renewal ? 'paid' : paidPrincipal.gt(0) ? 'renewed' : 'renewedAll';
    inbox.push([
      o.userId,
      `inbox.fixed.${kind}${foreignBonus ? 'Bonus' : ''}`,
      JSON.stringify({
        asset: o.coin,
        principal: toWire(paidPrincipal),
        interest: toWire(paid),
        account: intoFlexible ? 'flexible' : wallet,
        renewed: renewal ? toWire(renewal.amount) : '0',
        days: String(renewedDays),
        bonus: toWire(bonus),
        bonus_asset: bonusAsset,
        // A bonus in another coin stays in the trading account.
        bonus_account: wallet,
      }),
      `Your ${o.lockUpPeriod}-day ${o.coin} order has paid out`,
      renewal
        ? `${parts}; ${toWire(renewal.amount)} ${o.coin} renewed for another ${renewedDays}-day term.`
        : `${parts}.`,
      `/simple-earn/my-lendings/${o.id}?orderType=fixed&asset=${o.coin}&order_id=${o.id}`,
    ]);
  }

  // Positions before accounts (the lock order), for the payouts that go on into flexible.
  const flexibleSubs = [...toFlexible.values()];
  await lockPositions(
    tx,
    flexibleSubs.map((s) => ({ userId: s.user.userId, coin: s.coin })),
    end,
  );
  await legs.post(tx, { kind: 'fixed.maturity', ref: `hour:${end.toISOString()}`, at: end });
  const arr = pgArray;

  await tx.execute(sql`
    UPDATE fixed_orders o SET state = 'matured', settled_at = v.at, paid_interest = v.paid, renewed_order_id = v.renewed
    FROM unnest(${arr(due.map((o) => o.id))}::int[], ${arr(due.map((o) => o.finishAt.toISOString()))}::timestamptz[],
      ${arr(
        due.map((o) =>
          new Decimal(o.interest)
            .plus(o.couponInterest)
            .plus(o.bonusAsset === null || o.bonusAsset === o.coin ? o.bonusAmount : 0)
            .toFixed(),
        ),
      )}::numeric[],
      ${arr(due.map((o) => renewalOf.get(o.id)?.id ?? null))}::int[]) AS v(id, at, paid, renewed)
    WHERE o.id = v.id`);
  await insertRenewals(tx, renewals, coinMap);
  await tx.execute(sql`
    UPDATE fixed_products p SET held = v.held
    FROM unnest(${arr(products.map((p) => p.id))}::int[], ${arr(products.map((p) => p.held))}::numeric[]) AS v(id, held)
    WHERE p.id = v.id AND p.held <> v.held`);
  if (history.length) await insertHistory(tx, history);
  await insertInbox(tx, inbox, end);
  if (flexibleSubs.length) {
    await subscribeMany(
      tx,
      flexibleSubs.map((s) => ({
        user: { id: s.user.userId, accountMode: s.user.accountMode },
        coin: s.coin,
        amount: s.amount,
      })),
      end,
      MODE_TO_FLEXIBLE,
    );
  }
}

async function nextOrderIds(tx: Tx, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('fixed_orders', 'id'))::text AS id FROM generate_series(1, ${n})`,
    ),
  );
  return rows.map((r) => Number(r.id));
}

async function insertRenewals(
  tx: Tx,
  renewals: readonly Renewal[],
  coins: Awaited<ReturnType<typeof catalogueCoinMap>>,
) {
  if (renewals.length === 0) return;
  const rows = renewals.map((r) => {
    const t = renewalTimeline(r.from.finishAt.getTime(), r.product.lockUpPeriod);
    const ratio = bonusPrices(r.product, coins, t.subscribedMs).ratio;
    return {
      r,
      interest: fixedInterest(r.amount, r.product.yearRate, r.product.lockUpPeriod).toFixed(),
      bonus: termBonus(r.product, r.amount, ratio, r.ladderAt).toFixed(),
      extraRate: termExtraRate(r.product, r.amount, null, r.ladderAt).toFixed(18),
      ladder: JSON.stringify(ladderWire(r.ladderAt)),
      start: new Date(t.interestStartMs).toISOString(),
      finish: new Date(t.finishMs).toISOString(),
    };
  });
  const col = (pick: (x: (typeof rows)[number]) => string | number | null) => pgArray(rows.map(pick));
  await tx.execute(sql`
    INSERT INTO fixed_orders (id, user_id, product_id, coin, principal, year_rate, lock_up_period, interest, bonus_asset,
      bonus_amount, extra_rate, ladder_apr, ladder_slices, created_at, interest_start_at, finish_at, redeem_account_type,
      reinvest_status, reinvest_amount, mode)
    SELECT id, user_id, product_id, coin, principal, year_rate, lock_up_period, interest, bonus_asset, bonus_amount,
      extra_rate, ladder_apr, ladder_slices, start_at, start_at, finish_at, redeem_account_type, 1, reinvest_amount,
      ${MODE_REINVEST}
    FROM unnest(${col((x) => x.r.id)}::int[], ${col((x) => x.r.from.userId)}::int[], ${col((x) => x.r.product.id)}::int[],
      ${col((x) => x.r.product.coin)}::text[], ${col((x) => x.r.amount.toFixed())}::numeric[],
      ${col((x) => x.r.product.yearRate)}::numeric[], ${col((x) => x.r.product.lockUpPeriod)}::int[],
      ${col((x) => x.interest)}::numeric[], ${col((x) => x.r.product.bonusAsset ?? x.r.product.coin)}::text[],
      ${col((x) => x.bonus)}::numeric[], ${col((x) => x.extraRate)}::numeric[],
      ${col((x) => JSON.stringify(x.r.product.ladderApr))}::jsonb[], ${col((x) => x.ladder)}::jsonb[],
      ${col((x) => x.start)}::timestamptz[], ${col((x) => x.finish)}::timestamptz[], ${col((x) => x.r.from.redeemAccountType)}::int[],
      ${col((x) => x.r.from.reinvestAmount)}::numeric[])
      AS v(id, user_id, product_id, coin, principal, year_rate, lock_up_period, interest, bonus_asset, bonus_amount,
        extra_rate, ladder_apr, ladder_slices, start_at, finish_at, redeem_account_type, reinvest_amount)`);
}

type HistoryCell = string | number | null;

async function insertHistory(tx: Tx, rows: readonly HistoryCell[][]) {
  const col = (i: number) => pgArray(rows.map((r) => r[i] ?? null));
  await tx.execute(sql`
    INSERT INTO earn_history (user_id, product, type, mode, coin, amount, principal, rate, order_id, lock_up_period, at, bonus_asset)
    SELECT user_id, 'fixed', type, mode, coin, amount, principal, rate, order_id, lock_up_period, at, bonus_asset
    FROM unnest(${col(0)}::int[], ${col(1)}::int[], ${col(2)}::int[], ${col(3)}::text[], ${col(4)}::numeric[],
      ${col(5)}::numeric[], ${col(6)}::numeric[], ${col(7)}::int[], ${col(8)}::int[], ${col(9)}::timestamptz[], ${col(10)}::text[])
      AS v(user_id, type, mode, coin, amount, principal, rate, order_id, lock_up_period, at, bonus_asset)`);
}

async function insertInbox(tx: Tx, rows: readonly (string | number)[][], end: Date) {
  const col = (i: number) => pgArray(rows.map((r) => r[i] ?? null));
  await tx.execute(sql`
    INSERT INTO inbox_messages (user_id, kind, key, params, title, body, link, created_at)
    SELECT user_id, 'fixed', key, params::jsonb, title, body, link, ${end.toISOString()}::timestamptz
    FROM unnest(${col(0)}::int[], ${col(1)}::text[], ${col(2)}::text[], ${col(3)}::text[], ${col(4)}::text[], ${col(5)}::text[])
      AS v(user_id, key, params, title, body, link)`);
}
