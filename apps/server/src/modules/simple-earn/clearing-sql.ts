import type { Decimal } from '@earn/domain';
import { type SQL, sql } from 'drizzle-orm';

export interface CoinDemand {
  coin: string;
  amount: Decimal;
  maxRate: Decimal;
}

function demandValues(demands: readonly CoinDemand[]): SQL {
  const coins = `{${demands.map((d) => d.coin).join(',')}}`;
  const amounts = `{${demands.map((d) => d.amount.toFixed()).join(',')}}`;
  const rates = `{${demands.map((d) => d.maxRate.toFixed()).join(',')}}`;
  return sql`SELECT * FROM unnest(${coins}::text[], ${amounts}::numeric[], ${rates}::numeric[]) AS d(coin, amount, max_rate)`;
}

/**
 * The book at an hour boundary: every position read as it stood then (the amount before any later
 * change, less subscriptions under an hour old, never more than is held now; the minimum APR in
 * force then). Columns: id, user_id, account_id, coin, offered, min_rate, priority_at.
 */
export function bookAt(boundary: Date, coins: readonly string[]): SQL {
  const b = boundary.toISOString();
  return sql`
    SELECT p.id, p.user_id, p.account_id, p.coin,
      GREATEST(0, LEAST(a.balance,
        (CASE WHEN p.book_hour >= ${b}::timestamptz THEN p.book_amount ELSE a.balance END)
        - (CASE WHEN p.ineligible_boundary = ${b}::timestamptz THEN p.ineligible_amount ELSE 0 END)
        - (CASE WHEN p.prev_ineligible_boundary = ${b}::timestamptz THEN p.prev_ineligible_amount ELSE 0 END))) AS offered,
      CASE WHEN p.rate_changed_at >= ${b}::timestamptz THEN p.prev_min_rate ELSE p.min_rate END AS min_rate,
      CASE WHEN p.rate_changed_at >= ${b}::timestamptz THEN p.prev_priority_at ELSE p.priority_at END AS priority_at
    FROM flexible_positions p
    -- A position's account is always a 'flexible' wallet: saying so keeps the other wallets out of the join.
    JOIN ledger_accounts a ON a.id = p.account_id AND a.wallet = 'flexible'
    WHERE p.coin = ANY(${`{${coins.join(',')}}`}::text[])`;
}

/**
 * The uniform-price clearing of a book, as one set-based query (the domain's clearHour rule):
 * offers sorted by minimum APR then time fill the demand; the rate is the minimum APR of the offer
 * that completes it (or of the last eligible offer); offers below it lend in full, at it first come
 * first served, above it nothing. Columns: position_id, user_id, account_id, coin, offered, lent, rate, reason.
 */
export function clearBook(book: SQL, demands: readonly CoinDemand[]): SQL {
  // One sort of the book: offers at or under the bid sort before those above it, so a running sum
  // over every offer is, for each eligible one, the running sum of the eligible offers alone.
  return sql`
    WITH demand AS (${demandValues(demands)}),
    ranked AS (
      SELECT bk.id, bk.user_id, bk.account_id, bk.coin, bk.offered, bk.min_rate, d.max_rate, d.amount AS demand,
        (bk.min_rate <= d.max_rate AND d.amount > 0) AS eligible,
        sum(bk.offered) OVER (PARTITION BY bk.coin ORDER BY bk.min_rate, bk.priority_at, bk.id ROWS UNBOUNDED PRECEDING) AS cum
      FROM (${book}) bk JOIN demand d ON d.coin = bk.coin
      WHERE bk.offered > 0
    ),
    -- The coin's rate over its whole partition, in the same ordered pass (no second read of the book).
    rated AS (
      SELECT k.*, COALESCE(
          min(k.min_rate) FILTER (WHERE k.eligible AND k.cum >= k.demand) OVER coin,
          max(k.min_rate) FILTER (WHERE k.eligible) OVER coin) AS clearing_rate
      FROM ranked k WINDOW coin AS (PARTITION BY k.coin)
    ),
    filled AS (
      SELECT k.id AS position_id, k.user_id, k.account_id, k.coin, k.offered, k.min_rate, k.max_rate,
        COALESCE(k.clearing_rate, 0) AS rate,
        CASE WHEN NOT k.eligible OR k.min_rate > k.clearing_rate THEN 0
             ELSE GREATEST(0, LEAST(k.offered, k.demand - (k.cum - k.offered))) END AS lent
      FROM rated k
    )
    SELECT position_id, user_id, account_id, coin, offered, lent, rate,
      CASE WHEN lent = offered THEN 'none'
           WHEN min_rate > max_rate OR (rate > 0 AND min_rate > rate) THEN 'min_rate_above'
           ELSE 'demand_filled' END AS reason
    FROM filled`;
}

/** The clearing of the hour starting at `boundary`, over the book as it stood then. */
export function clearingQuery(boundary: Date, demands: readonly CoinDemand[]): SQL {
  return clearBook(
    bookAt(
      boundary,
      demands.map((d) => d.coin),
    ),
    demands,
  );
}
