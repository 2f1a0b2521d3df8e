import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cachedRead } from '../../db/read-cache.js';
import { coins } from '../../db/schema.js';

export type CoinRow = typeof coins.$inferSelect;

export function listCoins(db: Executor): Promise<CoinRow[]> {
  return db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.symbol));
}

/** The coins, as the request paths read them: at most once a second (db/read-cache.ts). */
export function catalogueCoins(db: Executor): Promise<CoinRow[]> {
  return cachedRead(db, 'coins', () => listCoins(db));
}

export async function findCoin(db: Executor, symbol: string): Promise<CoinRow | undefined> {
  const [coin] = await db.select().from(coins).where(eq(coins.symbol, symbol.toUpperCase()));
  return coin;
}

export function findCoins(db: Executor, symbols: readonly string[]): Promise<CoinRow[]> {
  return db
    .select()
    .from(coins)
    .where(
      inArray(
        coins.symbol,
        symbols.map((s) => s.toUpperCase()),
      ),
    );
}

/** The catalogue's coins by symbol. */
export async function catalogueCoinMap(db: Executor): Promise<Map<string, CoinRow>> {
  return new Map((await catalogueCoins(db)).map((c) => [c.symbol, c]));
}
