import { LOGIN_EMAIL_BACKOFF, LOGIN_IP_LOCKOUT, LOGIN_LOCKOUT, lockedUntil, triesLeft } from '@earn/domain';
import type { LoginCredentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import {
  type Attempt,
  claimAttempt,
  failAttempt,
  failuresThrough,
  forgiveAttempt,
  forgiveFailuresThrough,
  waitMinutes,
  waitText,
} from './attempts.js';
import {
  createSession,
  type FailureScope,
  findUserByEmail,
  isKnownAddress,
  rememberAddress,
  type User,
} from './repo.js';
import { hashSecret, newToken, verifySecret } from './secrets.js';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Checks the credentials and opens a session. Each try is counted before the password is checked
 * (claimAttempt, atomic across instances), so parallel tries never check more passwords than the
 * limits allow:
 * - per address, whatever the emails: 30 failures pause the address (many emails cannot be tried);
 * - per email from one address: 10 failures pause that address for the email (a hard lock that
 *   only the attacker's address feels);
 * - per email from anywhere: after 10 failures each try waits a doubling delay, up to a minute, so
 *   tries spread over many addresses slow to one a minute. An address the email logged in from in
 *   the last 90 days skips this wait, so however long such an attack runs, the owner gets in from
 *   their usual place at once (and from a new place after the wait the answer names).
 * A right password is forgiven everywhere, and clears the email's failures from that address (the
 * owner's typos); the address's and the email's failures from anywhere stay, so an attacker who
 * logs into an account of their own, or an owner who logs in meanwhile, does not reset them. A try
 * refused before its password was checked counts nowhere (it learned nothing).
 */
export async function login(
  ctx: AppContext,
  input: LoginCredentials,
  ip: string,
): Promise<{ user: User; token: string }> {
  const email = input.email.trim().toLowerCase();
  const now = ctx.clock.now();
  const claimed = new Map<FailureScope, Attempt>();
  const failAll = async () => {
    for (const attempt of claimed.values()) await failAttempt(ctx.db, attempt);
  };
  const refuse = async () => {
    for (const attempt of claimed.values()) await forgiveAttempt(ctx.db, attempt);
  };
  const known = await isKnownAddress(ctx.db, email, ip, now);
  const limits = [
    ['login_ip', ip, LOGIN_IP_LOCKOUT, 'from your network'],
    ['login', `${email}|${ip}`, LOGIN_LOCKOUT, 'for this email'],
    ...(known ? [] : ([['login_email', email, LOGIN_EMAIL_BACKOFF, 'for this email']] as const)),
  ] as const;
  for (const [scope, subject, rule, what] of limits) {
    const claim = await claimAttempt(ctx.db, scope, subject, now, rule);
    if (!claim.ok) {
      await refuse();
      // The wait is told from now, not from when this call began (it may have queued behind others).
      throw paused(claim.lockedUntilMs, ctx.clock.now(), what);
    }
    claimed.set(scope, claim.attempt);
  }
  const user = await findUserByEmail(ctx.db, email);
  // An unknown email costs the same hash check as a known one: the answer's timing tells nothing.
  const right = await verifySecret(input.password, user?.passwordHash ?? (await unknownUserHash()));
  if (!user || !right) {
    await failAll();
    const emailTry = claimed.get('login');
    if (!emailTry) throw new Error('the email try was not claimed');
    throw await wrongCredentials(ctx, `${email}|${ip}`, now, emailTry);
  }
  for (const [scope, attempt] of claimed) {
    await (scope === 'login' ? forgiveFailuresThrough(ctx.db, attempt) : forgiveAttempt(ctx.db, attempt));
  }
  await rememberAddress(ctx.db, email, ip, now);
  const token = newToken();
  await createSession(ctx.db, user.id, token, now, SESSION_TTL_MS);
  return { user, token };
}

let unknownUser: Promise<string> | undefined;
/** A hash no password matches in practice, checked when the email has no account. */
function unknownUserHash(): Promise<string> {
  unknownUser ??= hashSecret(newToken());
  return unknownUser;
}

/** Tries left before the email's pause from this address that are worth a warning. */
const WARN_FROM_TRIES_LEFT = 3;

/**
 * A wrong pair, and when the email's pause from this address is near, how near: the owner who
 * mistypes is warned before being paused, not surprised by it. Counted the same for an email with no
 * account, so it tells nothing about which emails exist.
 */
async function wrongCredentials(ctx: AppContext, subject: string, now: Date, attempt: Attempt): Promise<AppError> {
  const since = new Date(now.getTime() - LOGIN_LOCKOUT.windowMs);
  const failures = await failuresThrough(ctx.db, 'login', subject, since, attempt);
  const minutes = String(LOGIN_LOCKOUT.lockMs / 60_000);
  if (lockedUntil(failures, now.getTime(), LOGIN_LOCKOUT) !== null) {
    return new AppError(
      -1,
      `Email or password is incorrect; logins to this email from your network are paused for ${minutes} minutes`,
      400,
      { key: 'auth.wrongCredentialsPaused', params: { minutes } },
    );
  }
  const left = triesLeft(failures, now.getTime(), LOGIN_LOCKOUT);
  if (left > WARN_FROM_TRIES_LEFT) return badRequest('Email or password is incorrect', 'auth.wrongCredentials');
  return new AppError(
    -1,
    `Email or password is incorrect; ${left} more wrong ${left === 1 ? 'try pauses' : 'tries pause'} logins to this email from your network for ${minutes} minutes`,
    400,
    { key: 'auth.wrongCredentialsTriesLeft', params: { tries: String(left), minutes }, data: { tries_left: left } },
  );
}

function paused(untilMs: number, now: Date, what: string): AppError {
  return new AppError(-1, `Too many failed logins ${what}; try again in ${waitText(untilMs, now)}`, 429, {
    key: 'auth.loginPaused',
    params: { minutes: waitMinutes(untilMs, now) },
  });
}
