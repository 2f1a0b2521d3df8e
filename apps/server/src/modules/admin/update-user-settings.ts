import { parseAmount } from '@earn/domain';
import type { UserSettingsBody } from '@earn/domain/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { userLoans, users } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { noAccountWithEmail, refused, unlistedCoin } from '../../errors.js';
import { toMe } from '../account/me.js';
import { findUserByEmail } from '../account/repo.js';
import { findCoins } from '../market/repo.js';

/** Operator settings of a user for demos and tests: tier, region, KYC, new-user flag, mode, locks, loans, volume. */
export async function updateUserSettings(ctx: AppContext, input: UserSettingsBody) {
  const volume =
    input.trading_volume_60d === undefined
      ? undefined
      : parseAmount('trading_volume_60d', input.trading_volume_60d, { maxDecimals: 8, allowZero: true, max: '1e20' });
  if (volume && !volume.ok) throw refused(volume);
  const loans = Object.entries(input.loans ?? {}).map(([coin, raw]) => {
    const amount = parseAmount(`loans.${coin}`, raw, { maxDecimals: 8, allowZero: true });
    if (!amount.ok) throw refused(amount);
    return { coin: coin.toUpperCase(), amount: amount.value.toFixed() };
  });
  const known = new Set(
    (
      await findCoins(
        ctx.db,
        loans.map((l) => l.coin),
      )
    ).map((c) => c.symbol),
  );
  const unknown = loans.find((l) => !known.has(l.coin));
  if (unknown) throw unlistedCoin('loans', unknown.coin);
  const changed = await runTx(ctx.db, async (tx) => {
    const user = await findUserByEmail(tx, input.email);
    if (!user) throw noAccountWithEmail(input.email);
    const change = {
      ...(input.tier === undefined ? {} : { tier: input.tier }),
      ...(input.region === undefined ? {} : { region: input.region.toUpperCase() }),
      ...(input.kyc_level === undefined ? {} : { kycLevel: input.kyc_level }),
      ...(input.is_new_user === undefined ? {} : { isNewUser: input.is_new_user }),
      ...(input.verified === undefined ? {} : { verified: input.verified }),
      ...(input.mode === undefined ? {} : { accountMode: input.mode }),
      ...(input.use_funding === undefined ? {} : { useFunding: input.use_funding }),
      ...(input.locked === undefined ? {} : { locked: input.locked }),
      ...(volume?.ok ? { tradingVolume60d: volume.value.toFixed() } : {}),
    };
    const [updated] = Object.keys(change).length
      ? await tx.update(users).set(change).where(eq(users.id, user.id)).returning()
      : [user];
    for (const loan of loans) {
      if (loan.amount === '0') {
        await tx.delete(userLoans).where(and(eq(userLoans.userId, user.id), eq(userLoans.coin, loan.coin)));
      } else {
        await tx
          .insert(userLoans)
          .values({ userId: user.id, coin: loan.coin, amount: loan.amount })
          .onConflictDoUpdate({ target: [userLoans.userId, userLoans.coin], set: { amount: loan.amount } });
      }
    }
    return updated ?? user;
  });
  ctx.sessions.forgetUser(changed.id);
  return toMe(changed);
}
