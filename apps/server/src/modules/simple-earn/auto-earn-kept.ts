import type { Decimal } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tradingWalletOf } from '../account/me.js';

/** A redemption made while auto-earn stays on: its amount is kept out of the hourly sweep. */
export async function keepRedeemedFromSweep(tx: Executor, userId: number, coin: string, amount: Decimal) {
  await tx.execute(sql`
    INSERT INTO auto_earn_redeemed (user_id, coin, kept) VALUES (${userId}, ${coin}, ${amount.toFixed()}::numeric)
    ON CONFLICT (user_id, coin) DO UPDATE SET kept = auto_earn_redeemed.kept + EXCLUDED.kept`);
}

/** A cancelled redemption never reaches the wallet: it no longer needs keeping. */
export async function forgetCancelledRedemption(tx: Executor, userId: number, coin: string, amount: Decimal) {
  await tx.execute(sql`
    UPDATE auto_earn_redeemed SET kept = GREATEST(kept - ${amount.toFixed()}::numeric, 0)
    WHERE user_id = ${userId} AND coin = ${coin}`);
}

/** Before a sweep, what is kept shrinks to the trading balance it protects: coins spent since need no keeping. */
export async function shrinkKeptToBalances(tx: Executor) {
  await tx.execute(sql`
    UPDATE auto_earn_redeemed k SET kept = LEAST(k.kept, coalesce(w.balance, 0))
    FROM auto_earn_redeemed k2 JOIN users u ON u.id = k2.user_id
    LEFT JOIN ledger_accounts w ON w.user_id = k2.user_id AND w.coin = k2.coin
      AND w.wallet = ${tradingWalletOf(sql`u.account_mode`)}
    WHERE k.user_id = k2.user_id AND k.coin = k2.coin AND k.kept > coalesce(w.balance, 0)`);
  await tx.execute(sql`DELETE FROM auto_earn_redeemed WHERE kept <= 0`);
}
