import { Decimal, toWire } from '@earn/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * For the operator: each project's reward account (funded, paid, still held) and the hours whose
 * budget stayed unpaid because nothing was staked.
 */
export async function rewardAccounts(db: Executor) {
  const rows = rowsOf<{
    pid: number;
    name: string;
    coin: string;
    funded: string;
    paid: string;
    held: string;
    empty_hours: number;
    unpaid_budget: string;
  }>(
    await db.execute(sql`
      SELECT pr.id AS pid, pr.name, pr.coin,
        (SELECT coalesce(sum(total_reward), 0) FROM launch_pools WHERE project_id = pr.id)::text AS funded,
        (SELECT coalesce(sum(h.paid), 0) FROM launch_hours h JOIN launch_pools p ON p.id = h.pool_id WHERE p.project_id = pr.id)::text AS paid,
        coalesce((SELECT balance FROM ledger_accounts WHERE user_id IS NULL AND wallet = 'platform:launchpool_rewards:' || pr.id AND coin = pr.coin), 0)::text AS held,
        (SELECT count(*) FROM launch_hours h JOIN launch_pools p ON p.id = h.pool_id WHERE p.project_id = pr.id AND h.pool_tws = 0)::int AS empty_hours,
        (SELECT coalesce(sum(h.budget), 0) FROM launch_hours h JOIN launch_pools p ON p.id = h.pool_id WHERE p.project_id = pr.id AND h.pool_tws = 0)::text AS unpaid_budget
      FROM launch_projects pr ORDER BY pr.id`),
  );
  return rows.map((r) => ({
    pid: r.pid,
    name: r.name,
    coin: r.coin,
    funded: toWire(r.funded),
    paid: toWire(r.paid),
    held: toWire(r.held),
    empty_pool_hours: r.empty_hours,
    unpaid_budget_of_empty_hours: toWire(new Decimal(r.unpaid_budget).toDecimalPlaces(8, Decimal.ROUND_DOWN)),
  }));
}
