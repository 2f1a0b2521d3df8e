import { ALL_ASSET, autoEarnSweepAmount, SUBSCRIBE_PLACES } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { tradingWalletOf } from '../account/me.js';
import { shrinkKeptToBalances } from './auto-earn-kept.js';
import type { FlexibleMarket } from './markets.js';
import { lockPositions } from './positions.js';
import { MODE_AUTO_EARN, type Subscription, subscribeMany } from './subscribe-flexible.js';

/**
 * Before each clearing, idle balances of coins with auto-earn on (a coin's own switch, else the
 * all-coins one) are subscribed: the trading wallet less what is borrowed and less what redemptions
 * paid out while auto-earn stayed on, rounded down to 6 places, when it reaches the product minimum
 * (the domain's autoEarnSweepAmount). VIP users have no auto-earn. One set for every user: their
 * positions are locked, then their wallets, before the balances are read; only the wallets whose
 * positions were locked are swept (one that became idle meanwhile waits for the next hour).
 */
export async function sweepAutoEarn(tx: Executor, at: Date, markets: readonly FlexibleMarket[]) {
  const byCoin = new Map(markets.map((m) => [m.coin, m]));
  const switchedOn = sql`
    SELECT u.id AS user_id, u.account_mode, w.id AS wallet_id, w.coin
    FROM users u
    JOIN ledger_accounts w ON w.user_id = u.id
      AND w.wallet = ${tradingWalletOf(sql`u.account_mode`)}
    LEFT JOIN auto_invest own ON own.user_id = u.id AND own.asset = w.coin
    LEFT JOIN auto_invest every ON every.user_id = u.id AND every.asset = ${ALL_ASSET}
    WHERE u.tier < 5 AND w.balance > 0 AND coalesce(own.status, every.status, 0) = 1
      AND w.coin = ANY(${`{${markets.map((m) => m.coin).join(',')}}`}::text[])
      AND u.id IN (SELECT user_id FROM auto_invest WHERE status = 1)`;
  const candidates = rowsOf<{ user_id: number; coin: string; wallet_id: number }>(
    await tx.execute(sql`SELECT user_id, coin, wallet_id FROM (${switchedOn}) c`),
  );
  // Positions first, then what redemptions kept (a redemption locks its position, then keeps), then
  // the wallets: the README's lock order.
  if (candidates.length > 0) {
    await lockPositions(
      tx,
      candidates.map((c) => ({ userId: c.user_id, coin: c.coin })),
      at,
    );
  }
  await shrinkKeptToBalances(tx);
  if (candidates.length === 0) return;
  const idle = rowsOf<{
    user_id: number;
    account_mode: 'classic' | 'multi_currency' | 'single_currency';
    coin: string;
    balance: string;
    loan: string;
    kept: string;
  }>(
    await tx.execute(sql`
      SELECT c.user_id, c.account_mode, c.coin, w.balance::text,
        coalesce(l.amount, 0)::text AS loan, coalesce(k.kept, 0)::text AS kept
      FROM (${switchedOn}) c JOIN ledger_accounts w ON w.id = c.wallet_id
      LEFT JOIN user_loans l ON l.user_id = c.user_id AND l.coin = c.coin
      LEFT JOIN auto_earn_redeemed k ON k.user_id = c.user_id AND k.coin = c.coin
      WHERE c.wallet_id = ANY(${`{${candidates.map((c) => c.wallet_id).join(',')}}`}::bigint[])
      ORDER BY w.id FOR UPDATE OF w`),
  );
  const subscriptions: Subscription[] = [];
  for (const row of idle) {
    const market = byCoin.get(row.coin);
    if (!market) continue;
    const amount = autoEarnSweepAmount({
      balance: row.balance,
      loan: row.loan,
      redeemedKept: row.kept,
      minLendAmount: market.minLendAmount,
      places: SUBSCRIBE_PLACES,
    });
    if (!amount.isZero())
      subscriptions.push({ user: { id: row.user_id, accountMode: row.account_mode }, coin: row.coin, amount });
  }
  await subscribeMany(tx, subscriptions, at, MODE_AUTO_EARN);
}
