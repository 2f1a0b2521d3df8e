import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cachedRead } from '../../db/read-cache.js';
import { flexibleMarkets } from '../../db/schema.js';
import { noFlexibleProduct } from '../../errors.js';

export type FlexibleMarket = typeof flexibleMarkets.$inferSelect;

export function listMarkets(db: Executor): Promise<FlexibleMarket[]> {
  return db.select().from(flexibleMarkets).orderBy(asc(flexibleMarkets.sortOrder), asc(flexibleMarkets.coin));
}

/** The markets, as the request paths read them: at most once a second (db/read-cache.ts). */
export function catalogueMarkets(db: Executor): Promise<FlexibleMarket[]> {
  return cachedRead(db, 'flexible-markets', () => listMarkets(db));
}

export async function findMarket(db: Executor, coin: string): Promise<FlexibleMarket | undefined> {
  const [market] = await db.select().from(flexibleMarkets).where(eq(flexibleMarkets.coin, coin.toUpperCase()));
  return market;
}

/** The open market of a coin, or a refusal naming the asset. */
export async function requireOpenMarket(db: Executor, coin: string): Promise<FlexibleMarket> {
  const symbol = coin.toUpperCase();
  const market = (await catalogueMarkets(db)).find((m) => m.coin === symbol);
  if (!market?.isOpen) throw noFlexibleProduct('asset', coin);
  return market;
}

/** Whether the award pool is open at an instant. */
export function isAwardOpen(market: FlexibleMarket, atMs: number): boolean {
  return (
    market.awardAsset !== null &&
    market.awardStartAt !== null &&
    market.awardEndAt !== null &&
    market.awardStartAt.getTime() <= atMs &&
    atMs < market.awardEndAt.getTime()
  );
}
