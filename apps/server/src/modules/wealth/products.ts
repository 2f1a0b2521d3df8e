import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { wealthProducts } from '../../db/schema.js';
import { notFound } from '../../errors.js';

export type WealthProductRow = typeof wealthProducts.$inferSelect;

/** A user's purchases waiting for their valuation sit in this wallet; the product's assets in its pool. */
export const pendingPurchaseWallet = (pid: number) => `wealth_pending:${pid}`;
export const wealthPoolWallet = (pid: number) => `wealth-pool:${pid}`;
/** The managers' result: what a NAV's rise adds to the pools (and a fall takes back); goes negative. */
export const WEALTH_STRATEGY = 'platform:wealth-strategy';
export const WEALTH_FEES = 'platform:wealth-fees';

/** The product; a call that names a project_type finds only a product of that type. */
export async function findWealthProduct(db: Executor, pid: number, projectType?: number): Promise<WealthProductRow> {
  const [row] = await db.select().from(wealthProducts).where(eq(wealthProducts.id, pid));
  return ofProjectType(row, pid, projectType);
}

/** The product, if it is of the project type a call names (any, when it names none): else not found. */
export function ofProjectType(
  row: WealthProductRow | undefined,
  pid: number,
  projectType: number | undefined,
): WealthProductRow {
  if (!row || (projectType !== undefined && row.projectType !== projectType)) {
    throw notFound(`wealth product ${pid} does not exist${projectType === undefined ? '' : ` as type ${projectType}`}`);
  }
  return row;
}

/** The product, share-locked: a valuation (which locks it for update) waits for the order, or the order for it. */
export async function shareLockWealthProduct(tx: Executor, pid: number): Promise<WealthProductRow> {
  const [row] = await tx.select().from(wealthProducts).where(eq(wealthProducts.id, pid)).for('share');
  if (!row) throw notFound(`wealth product ${pid} does not exist`);
  return row;
}

export function allWealthProducts(db: Executor): Promise<WealthProductRow[]> {
  return db.select().from(wealthProducts).orderBy(asc(wealthProducts.id));
}
