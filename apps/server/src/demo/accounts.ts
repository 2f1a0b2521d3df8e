import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { userLoans, users } from '../db/schema.js';
import { runTx } from '../db/tx.js';
import { type RegisterOptions, register } from '../modules/account/register.js';
import { hashSecret } from '../modules/account/secrets.js';
import { depositIn } from '../modules/admin/deposit.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_FUNDPASS = '123456';

interface DemoAccount extends RegisterOptions {
  email: string;
  balances: Record<string, string>;
  wallet?: 'spot' | 'unified';
  loans?: Record<string, string>;
  tradingVolume60d?: string;
}

const COMMON = {
  USDT: '25000',
  BTC: '0.8',
  ETH: '12',
  GT: '1500',
  SOL: '60',
  DOGE: '40000',
  USDC: '5000',
  DOT: '300',
  AVAX: '120',
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'demo@example.com', balances: COMMON, isNewUser: false, tradingVolume60d: '12500' },
  {
    email: 'vip@example.com',
    tier: 5,
    isNewUser: false,
    balances: { ...COMMON, USDT: '500000', BTC: '12' },
    tradingVolume60d: '2400000',
  },
  { email: 'us@example.com', region: 'US', isNewUser: false, balances: { USDT: '8000', BTC: '0.25', ETH: '3' } },
  { email: 'new@example.com', isNewUser: true, balances: { USDT: '1000', GT: '200', ETH: '0.5' } },
  {
    email: 'unified@example.com',
    accountMode: 'multi_currency',
    isNewUser: false,
    wallet: 'unified',
    balances: COMMON,
    loans: { USDT: '2000', DOGE: '5000' },
    tradingVolume60d: '86000',
  },
  { email: 'admin@example.com', role: 'admin', isNewUser: false, balances: { USDT: '1000' } },
];

/** Demo accounts, each with balances, password demo1234 and fund password 123456. */
export async function seedDemoAccounts(ctx: AppContext): Promise<void> {
  const fundpassHash = await hashSecret(DEMO_FUNDPASS);
  for (const account of DEMO_ACCOUNTS) {
    const user = await register(ctx, { email: account.email, password: DEMO_PASSWORD }, account);
    await runTx(ctx.db, async (tx) => {
      await tx
        .update(users)
        .set({ fundpassHash, tradingVolume60d: account.tradingVolume60d ?? '0' })
        .where(eq(users.id, user.id));
      for (const [coin, amount] of Object.entries(account.balances)) {
        await depositIn(tx, ctx, { email: account.email, coin, amount, wallet: account.wallet ?? 'spot' });
      }
      for (const [coin, amount] of Object.entries(account.loans ?? {})) {
        await tx.insert(userLoans).values({ userId: user.id, coin, amount });
      }
    });
  }
}

export async function isEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}
