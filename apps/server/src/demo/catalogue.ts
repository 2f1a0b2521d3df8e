import { DAY_MS } from '@earn/domain';
import type { Executor } from '../db/client.js';
import { coins, complianceRules } from '../db/schema.js';
import { seedFlexibleMarkets } from './flexible-markets.js';

interface CoinSeed {
  symbol: string;
  name: string;
  decimals: number;
  basePrice: string;
  /** File in cryptocurrency-icons; coins it lacks use its generic icon. */
  icon?: string;
  isSupportLaunchpool?: boolean;
  isSupportStaking?: boolean;
  /** Days from now until spot trading opens: a newly listed coin. */
  listsInDays?: number;
  maintenanceMarginRate?: string;
}

const CATALOGUE: CoinSeed[] = [
  { symbol: 'USDT', name: 'Tether', decimals: 8, basePrice: '1', maintenanceMarginRate: '0.02' },
  { symbol: 'BTC', name: 'Bitcoin', decimals: 8, basePrice: '96000', maintenanceMarginRate: '0.04' },
  { symbol: 'ETH', name: 'Ethereum', decimals: 8, basePrice: '3400', maintenanceMarginRate: '0.04' },
  { symbol: 'GT', name: 'GateToken', decimals: 8, basePrice: '18.5', icon: 'generic' },
  { symbol: 'USDC', name: 'USD Coin', decimals: 8, basePrice: '1', maintenanceMarginRate: '0.02' },
  { symbol: 'BNB', name: 'BNB', decimals: 8, basePrice: '640' },
  { symbol: 'SOL', name: 'Solana', decimals: 8, basePrice: '180' },
  { symbol: 'XRP', name: 'XRP', decimals: 6, basePrice: '2.3' },
  { symbol: 'ADA', name: 'Cardano', decimals: 6, basePrice: '0.78' },
  { symbol: 'DOGE', name: 'Dogecoin', decimals: 8, basePrice: '0.32', isSupportLaunchpool: false },
  { symbol: 'DOT', name: 'Polkadot', decimals: 8, basePrice: '6.9' },
  { symbol: 'LTC', name: 'Litecoin', decimals: 8, basePrice: '105' },
  { symbol: 'TRX', name: 'TRON', decimals: 6, basePrice: '0.25' },
  { symbol: 'LINK', name: 'Chainlink', decimals: 8, basePrice: '21' },
  { symbol: 'MATIC', name: 'Polygon', decimals: 8, basePrice: '0.55', isSupportStaking: false },
  { symbol: 'ATOM', name: 'Cosmos', decimals: 6, basePrice: '7.8' },
  { symbol: 'UNI', name: 'Uniswap', decimals: 8, basePrice: '12.4' },
  { symbol: 'AVAX', name: 'Avalanche', decimals: 8, basePrice: '38' },
  { symbol: 'FIL', name: 'Filecoin', decimals: 8, basePrice: '5.6' },
  {
    symbol: 'GTETH',
    name: 'GT Staked ETH',
    decimals: 8,
    basePrice: '3400',
    icon: 'generic',
    isSupportLaunchpool: false,
    isSupportStaking: false,
  },
  {
    symbol: 'LPX',
    name: 'Launch Pixel',
    decimals: 8,
    basePrice: '0.12',
    icon: 'generic',
    isSupportLaunchpool: false,
    isSupportStaking: false,
    listsInDays: 20,
  },
];

/** Regions' compliance rules: '*' for everyone else; the US sees no express buy and no transfer. */
const COMPLIANCE = [
  { region: '*', business: ['spot', 'margin', 'futures', 'earn', 'express_buy'], menu: [] },
  {
    region: 'US',
    business: ['spot', 'earn'],
    menu: [
      { key: 'express_buy', hidden: true },
      { key: 'transfer', hidden: true },
    ],
  },
  { region: 'CA', business: ['spot', 'earn'], menu: [{ key: 'express_buy', hidden: true }] },
];

/** The coin catalogue and compliance rules: what a new database needs before anyone can hold a coin. */
export async function seedCatalogue(db: Executor, now: Date): Promise<void> {
  await db
    .insert(coins)
    .values(
      CATALOGUE.map((c, i) => ({
        symbol: c.symbol,
        name: c.name,
        decimals: c.decimals,
        basePrice: c.basePrice,
        icon: `/static/coin-icons/${c.icon ?? c.symbol.toLowerCase()}.svg`,
        isSupportLaunchpool: c.isSupportLaunchpool ?? true,
        isSupportStaking: c.isSupportStaking ?? true,
        newCoinStart: c.listsInDays === undefined ? null : new Date(now.getTime() + c.listsInDays * DAY_MS),
        maintenanceMarginRate: c.maintenanceMarginRate ?? '0.05',
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
  await db.insert(complianceRules).values(COMPLIANCE).onConflictDoNothing();
  await seedFlexibleMarkets(db, now);
}
