import { LOGIN_IP_LOCKOUT, LOGIN_LOCKOUT } from '@earn/domain';
import type { Credentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { claimAttempt, failAttempt, forgiveAttempt } from './attempts.js';
import { createSession, findUserByEmail, type User } from './repo.js';
import { newToken, verifySecret } from './secrets.js';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Checks the credentials and opens a session. Each try is counted before the password is checked,
 * per address and per email (claimAttempt, atomic across instances), so parallel tries never check
 * more passwords than the limits allow: a burst for one email pauses logins for that email, and a
 * larger burst from one address pauses its logins, so many emails cannot be tried from it. A right
 * password is forgiven.
 */
export async function login(ctx: AppContext, input: Credentials, ip: string): Promise<{ user: User; token: string }> {
  const email = input.email.trim().toLowerCase();
  const now = ctx.clock.now();
  const byAddress = await claimAttempt(ctx.db, 'login_ip', ip, now, LOGIN_IP_LOCKOUT);
  if (!byAddress.ok) throw paused(byAddress.lockedUntilMs, now, 'from your network');
  const byEmail = await claimAttempt(ctx.db, 'login', email, now, LOGIN_LOCKOUT);
  if (!byEmail.ok) {
    await failAttempt(ctx.db, byAddress.attempt);
    throw paused(byEmail.lockedUntilMs, now, 'for this email');
  }
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await verifySecret(input.password, user.passwordHash))) {
    await failAttempt(ctx.db, byAddress.attempt);
    await failAttempt(ctx.db, byEmail.attempt);
    throw badRequest('Email or password is incorrect');
  }
  await forgiveAttempt(ctx.db, byAddress.attempt);
  await forgiveAttempt(ctx.db, byEmail.attempt);
  const token = newToken();
  await createSession(ctx.db, user.id, token, now, SESSION_TTL_MS);
  return { user, token };
}

function paused(untilMs: number, now: Date, what: string): AppError {
  const minutes = Math.ceil((untilMs - now.getTime()) / 60_000);
  return new AppError(-1, `Too many failed logins ${what}; try again in ${minutes} minutes`, 429);
}
