import { LOGIN_EMAIL_BACKOFF, LOGIN_IP_LOCKOUT, LOGIN_LOCKOUT } from '@earn/domain';
import type { Credentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { type Attempt, claimAttempt, failAttempt, forgiveAttempt } from './attempts.js';
import { createSession, findUserByEmail, type User } from './repo.js';
import { newToken, verifySecret } from './secrets.js';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Checks the credentials and opens a session. Each try is counted before the password is checked
 * (claimAttempt, atomic across instances), so parallel tries never check more passwords than the
 * limits allow:
 * - per address, whatever the emails: 30 failures pause the address (many emails cannot be tried);
 * - per email from one address: 10 failures pause that address for the email (a hard lock that
 *   only the attacker's address feels);
 * - per email from anywhere: after 10 failures each try waits a doubling delay, up to a minute, so
 *   tries spread over many addresses slow to one a minute while the owner is never locked out.
 * A right password is forgiven everywhere.
 */
export async function login(ctx: AppContext, input: Credentials, ip: string): Promise<{ user: User; token: string }> {
  const email = input.email.trim().toLowerCase();
  const now = ctx.clock.now();
  const claimed: Attempt[] = [];
  const failAll = async () => {
    for (const attempt of claimed) await failAttempt(ctx.db, attempt);
  };
  // A try refused before its password was checked costs only its address (the first claim).
  const refuse = async () => {
    for (const [i, attempt] of claimed.entries()) await (i === 0 ? failAttempt : forgiveAttempt)(ctx.db, attempt);
  };
  const limits = [
    ['login_ip', ip, LOGIN_IP_LOCKOUT, 'from your network'],
    ['login', `${email}|${ip}`, LOGIN_LOCKOUT, 'for this email'],
    ['login_email', email, LOGIN_EMAIL_BACKOFF, 'for this email'],
  ] as const;
  for (const [scope, subject, rule, what] of limits) {
    const claim = await claimAttempt(ctx.db, scope, subject, now, rule);
    if (!claim.ok) {
      await refuse();
      throw paused(claim.lockedUntilMs, now, what);
    }
    claimed.push(claim.attempt);
  }
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await verifySecret(input.password, user.passwordHash))) {
    await failAll();
    throw badRequest('Email or password is incorrect');
  }
  for (const attempt of claimed) await forgiveAttempt(ctx.db, attempt);
  const token = newToken();
  await createSession(ctx.db, user.id, token, now, SESSION_TTL_MS);
  return { user, token };
}

function paused(untilMs: number, now: Date, what: string): AppError {
  const waitMs = untilMs - now.getTime();
  const wait = waitMs < 60_000 ? `${Math.ceil(waitMs / 1000)} seconds` : `${Math.ceil(waitMs / 60_000)} minutes`;
  return new AppError(-1, `Too many failed logins ${what}; try again in ${wait}`, 429);
}
