import { randomBytes } from 'node:crypto';
import type { Credentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { notificationSettings, users } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { conflict } from '../../errors.js';
import { findUserByEmail, type User } from './repo.js';
import { hashSecret } from './secrets.js';

export interface RegisterOptions {
  role?: 'user' | 'admin';
  tier?: number;
  region?: string;
  isNewUser?: boolean;
  accountMode?: User['accountMode'];
}

/** Opens an account: the user, its notification settings, and a referral code. */
export async function register(ctx: AppContext, input: Credentials, options: RegisterOptions = {}): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashSecret(input.password);
  return runTx(ctx.db, async (tx) => {
    if (await findUserByEmail(tx, email)) throw conflict('This email is already registered; log in instead');
    const [user] = await tx
      .insert(users)
      .values({
        email,
        passwordHash,
        role: options.role ?? 'user',
        tier: options.tier ?? 0,
        region: options.region ?? 'SG',
        isNewUser: options.isNewUser ?? true,
        accountMode: options.accountMode ?? 'classic',
        referralCode: randomBytes(4).toString('hex').toUpperCase(),
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw conflict('This email is already registered; log in instead');
    await tx.insert(notificationSettings).values({ userId: user.id });
    return user;
  });
}
