import { LOGIN_LOCKOUT, lockedUntil } from '@earn/domain';
import type { Credentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { createSession, findUserByEmail, recentFailures, recordFailure, type User } from './repo.js';
import { newToken, verifySecret } from './secrets.js';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Checks the credentials and opens a session. Failed tries are counted per email, and a burst of
 * them pauses logins for that email, so a password cannot be guessed at speed.
 */
export async function login(ctx: AppContext, input: Credentials): Promise<{ user: User; token: string }> {
  const email = input.email.trim().toLowerCase();
  const now = ctx.clock.now();
  const failures = await recentFailures(ctx.db, 'login', email, new Date(now.getTime() - LOGIN_LOCKOUT.windowMs * 2));
  const until = lockedUntil(failures, now.getTime(), LOGIN_LOCKOUT);
  if (until !== null) {
    const minutes = Math.ceil((until - now.getTime()) / 60_000);
    throw new AppError(-1, `Too many failed logins; try again in ${minutes} minutes`, 429);
  }
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await verifySecret(input.password, user.passwordHash))) {
    await recordFailure(ctx.db, 'login', email, now);
    throw badRequest('Email or password is incorrect');
  }
  const token = newToken();
  await createSession(ctx.db, user.id, token, now, SESSION_TTL_MS);
  return { user, token };
}
