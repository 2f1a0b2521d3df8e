import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { flexibleHistoryRows } from '../modules/simple-earn/interest-history.js';

export interface LedgerViolation {
  invariant: string;
  detail: string;
}

/**
 * The ledger's invariants: every transaction's postings sum to zero per coin, every account's
 * balance equals the sum of its postings, no user account is negative, postings carry their
 * account's coin, and every product holding equals its positions: a flexible position's cumulative
 * interest equals its interest postings and its interest history, a user's fixed wallet equals their
 * open orders, a fixed product's held quota equals its open orders, a staking product's staked total
 * equals its holders' wallets (and a receipt-token product's pending stakes and pool), each staking queue its
 * pending redemptions, a receipt token's pool covers it and minted debt is owed (each product adds its check here).
 */
export async function checkLedger(db: Executor): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const unbalanced = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT tx_id, coin, sum(amount)::text AS total FROM ledger_postings
      GROUP BY tx_id, coin HAVING sum(amount) <> 0 ORDER BY tx_id LIMIT 50`),
  );
  for (const r of unbalanced) {
    violations.push({ invariant: 'postings balance', detail: `transaction ${r.tx_id} ${r.coin} sums to ${r.total}` });
  }
  const drifted = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT a.id, a.balance::text AS balance, coalesce(p.total, 0)::text AS postings
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.balance <> coalesce(p.total, 0) ORDER BY a.id LIMIT 50`),
  );
  for (const r of drifted) {
    violations.push({
      invariant: 'balance equals postings',
      detail: `account ${r.id} holds ${r.balance} but its postings sum to ${r.postings}`,
    });
  }
  const negative = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT id, user_id, wallet, coin, balance::text AS balance FROM ledger_accounts
      WHERE user_id IS NOT NULL AND balance < 0 ORDER BY id LIMIT 50`),
  );
  for (const r of negative) {
    violations.push({
      invariant: 'no negative user balance',
      detail: `account ${r.id} (user ${r.user_id} ${r.wallet} ${r.coin}) is ${r.balance}`,
    });
  }
  const wrongCoin = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT p.id, p.coin, a.coin AS account_coin FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id WHERE p.coin <> a.coin ORDER BY p.id LIMIT 50`),
  );
  for (const r of wrongCoin) {
    violations.push({
      invariant: 'posting coin matches account',
      detail: `posting ${r.id} is in ${r.coin} on a ${r.account_coin} account`,
    });
  }
  const interestDrift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT p.id, (a.balance - p.net_subscribed)::text AS cumulative, coalesce(x.total, 0)::text AS postings, coalesce(h.total, 0)::text AS history
      FROM flexible_positions p JOIN ledger_accounts a ON a.id = p.account_id
      LEFT JOIN (
        SELECT lp.account_id, sum(lp.amount) AS total FROM ledger_postings lp
        JOIN ledger_transactions t ON t.id = lp.tx_id WHERE t.kind = 'flexible.interest' GROUP BY lp.account_id
      ) x ON x.account_id = p.account_id
      LEFT JOIN (
        SELECT user_id, coin, sum(amount) AS total FROM ${flexibleHistoryRows()} WHERE type = 3 GROUP BY user_id, coin
      ) h ON h.user_id = p.user_id AND h.coin = p.coin
      WHERE a.balance - p.net_subscribed <> coalesce(x.total, 0) OR a.balance - p.net_subscribed <> coalesce(h.total, 0)
      ORDER BY p.id LIMIT 50`),
  );
  for (const r of interestDrift) {
    violations.push({
      invariant: 'flexible interest equals its postings and history',
      detail: `position ${r.id} shows ${r.cumulative} earned; its interest postings sum to ${r.postings}, its history to ${r.history}`,
    });
  }
  const fixedDrift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT coalesce(a.user_id, o.user_id) AS user_id, coalesce(a.coin, o.coin) AS coin,
        coalesce(a.balance, 0)::text AS balance, coalesce(o.total, 0)::text AS orders
      FROM (SELECT user_id, coin, balance FROM ledger_accounts WHERE wallet = 'fixed') a
      FULL JOIN (SELECT user_id, coin, sum(principal) AS total FROM fixed_orders WHERE state = 'holding' GROUP BY user_id, coin) o
        ON o.user_id = a.user_id AND o.coin = a.coin
      WHERE coalesce(a.balance, 0) <> coalesce(o.total, 0) LIMIT 50`),
  );
  for (const r of fixedDrift) {
    violations.push({
      invariant: 'fixed wallet equals open orders',
      detail: `user ${r.user_id} ${r.coin}: fixed wallet ${r.balance}, open orders ${r.orders}`,
    });
  }
  const quotaDrift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT p.id, p.held::text AS held, coalesce(o.total, 0)::text AS orders FROM fixed_products p
      LEFT JOIN (SELECT product_id, sum(principal) AS total FROM fixed_orders WHERE state = 'holding' GROUP BY product_id) o
        ON o.product_id = p.id
      WHERE p.held <> coalesce(o.total, 0) LIMIT 50`),
  );
  for (const r of quotaDrift) {
    violations.push({
      invariant: 'fixed product held equals its open orders',
      detail: `product ${r.id} counts ${r.held} held, its open orders sum to ${r.orders}`,
    });
  }
  const stakedDrift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH w AS (SELECT wallet, sum(balance) AS total FROM ledger_accounts
        WHERE wallet LIKE 'staking:%' OR wallet LIKE 'staking_pending:%' OR wallet LIKE 'staking-pool:%' GROUP BY wallet)
      SELECT p.id, p.staked::text AS staked, (coalesce(a.total, 0) + coalesce(b.total, 0) + coalesce(c.total, 0))::text AS wallets
      FROM staking_products p
      LEFT JOIN w a ON a.wallet = 'staking:' || p.id
      LEFT JOIN w b ON b.wallet = 'staking_pending:' || p.id
      LEFT JOIN w c ON c.wallet = 'staking-pool:' || p.id
      WHERE p.staked <> coalesce(a.total, 0) + coalesce(b.total, 0) + coalesce(c.total, 0) LIMIT 50`),
  );
  for (const r of stakedDrift) {
    violations.push({
      invariant: 'staking product staked equals its wallets',
      detail: `product ${r.id} counts ${r.staked} staked, its holders' wallets sum to ${r.wallets}`,
    });
  }
  const queueDrift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT coalesce(a.user_id, q.user_id) AS user_id, coalesce(a.wallet, q.wallet) AS wallet,
        coalesce(a.balance, 0)::text AS balance, coalesce(q.total, 0)::text AS queued
      FROM (SELECT user_id, wallet, balance FROM ledger_accounts WHERE wallet LIKE 'staking_redeeming:%') a
      FULL JOIN (SELECT user_id, 'staking_redeeming:' || product_id AS wallet, sum(amount) AS total
        FROM staking_redemptions WHERE released_at IS NULL GROUP BY user_id, product_id) q
        ON q.user_id = a.user_id AND q.wallet = a.wallet
      WHERE coalesce(a.balance, 0) <> coalesce(q.total, 0) LIMIT 50`),
  );
  for (const r of queueDrift) {
    violations.push({
      invariant: 'staking queue equals its pending redemptions',
      detail: `user ${r.user_id} ${r.wallet}: ${r.balance} held, pending redemptions ${r.queued}`,
    });
  }
  // A receipt token is always worth what its pool holds: the pool covers every token at the rate.
  const poolShort = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT p.id, coalesce(pool.balance, 0)::text AS pool, (coalesce(-iss.balance, 0) * p.exchange_rate)::text AS owed
      FROM staking_products p
      LEFT JOIN ledger_accounts pool ON pool.user_id IS NULL AND pool.wallet = 'staking-pool:' || p.id AND pool.coin = p.coin
      LEFT JOIN ledger_accounts iss ON iss.user_id IS NULL AND iss.wallet = 'platform:receipt-issuer' AND iss.coin = p.receipt_coin
      WHERE p.exchange_type = 'asset' AND coalesce(pool.balance, 0) < coalesce(-iss.balance, 0) * p.exchange_rate LIMIT 50`),
  );
  for (const r of poolShort) {
    violations.push({
      invariant: 'receipt tokens are covered by their pool',
      detail: `product ${r.id}: pool ${r.pool}, tokens at the rate ${r.owed}`,
    });
  }
  // What debt products have minted and not had burnt back is what their users owe.
  const debtDrift = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT coalesce(d.coin, a.coin) AS coin, coalesce(d.total, 0)::text AS owed, coalesce(-a.balance, 0)::text AS issued
      FROM (SELECT p.mint_coin AS coin, sum(d.minted) AS total FROM staking_debts d
        JOIN staking_products p ON p.id = d.product_id GROUP BY p.mint_coin) d
      FULL JOIN (SELECT coin, balance FROM ledger_accounts WHERE user_id IS NULL AND wallet = 'platform:debt-issuer') a
        ON a.coin = d.coin
      WHERE coalesce(d.total, 0) <> coalesce(-a.balance, 0) LIMIT 50`),
  );
  for (const r of debtDrift) {
    violations.push({
      invariant: 'minted debt equals what users owe',
      detail: `${r.coin}: issued ${r.issued}, owed ${r.owed}`,
    });
  }
  // Wealth: purchases waiting for a valuation are what their pending wallets hold; the units held add
  // up to the product's, and the pool covers them at the last NAV.
  const wealthPending = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT coalesce(a.user_id, o.user_id) AS user_id, coalesce(a.wallet, o.wallet) AS wallet,
        coalesce(a.balance, 0)::text AS balance, coalesce(o.total, 0)::text AS pending
      FROM (SELECT user_id, wallet, balance FROM ledger_accounts WHERE wallet LIKE 'wealth_pending:%') a
      FULL JOIN (SELECT user_id, 'wealth_pending:' || product_id AS wallet, sum(amount) AS total FROM wealth_orders
        WHERE side = 'purchase' AND status = 'pending' GROUP BY user_id, product_id) o
        ON o.user_id = a.user_id AND o.wallet = a.wallet
      WHERE coalesce(a.balance, 0) <> coalesce(o.total, 0) LIMIT 50`),
  );
  for (const r of wealthPending) {
    violations.push({
      invariant: 'wealth pending purchases equal their wallets',
      detail: `user ${r.user_id} ${r.wallet}: ${r.balance} held, pending purchases ${r.pending}`,
    });
  }
  const wealthUnits = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT p.id, p.units::text AS units, coalesce(w.total, 0)::text AS held, coalesce(pool.balance, 0)::text AS pool,
        (p.units * p.nav)::text AS owed
      FROM wealth_products p
      LEFT JOIN (SELECT product_id, sum(units) AS total FROM wealth_positions GROUP BY product_id) w ON w.product_id = p.id
      LEFT JOIN ledger_accounts pool ON pool.user_id IS NULL AND pool.wallet = 'wealth-pool:' || p.id AND pool.coin = p.coin
      WHERE p.units <> coalesce(w.total, 0) OR coalesce(pool.balance, 0) < p.units * p.nav LIMIT 50`),
  );
  for (const r of wealthUnits) {
    violations.push({
      invariant: 'wealth units add up and their pool covers them',
      detail: `product ${r.id}: ${r.units} units, positions hold ${r.held}; pool ${r.pool}, units at the NAV ${r.owed}`,
    });
  }
  return violations;
}
