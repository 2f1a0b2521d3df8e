import { type LockoutRule, REGISTER_IP_LIMIT } from '@earn/domain';
import type { Credentials } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { claimAttempt, failAttempt, waitMinutes, waitText } from './attempts.js';
import { assertHardToGuess } from './password-strength.js';
import { register } from './register.js';

/**
 * Registration from the web: throttled per address, and answered the same whether or not the email
 * already has an account, so it cannot be used to learn which emails exist. The caller then logs in
 * with the same credentials, which works exactly when the account is theirs. Every try counts
 * against the address, taken or not, so probing emails costs what opening accounts costs. A password
 * too easy to guess is refused first, the same for every email, and costs no try.
 */
export async function signUp(ctx: AppContext, input: Credentials, ip: string): Promise<void> {
  assertHardToGuess(input.password, input.email);
  const now = ctx.clock.now();
  const rule: LockoutRule = ctx.registrationsPerHour
    ? { ...REGISTER_IP_LIMIT, maxFailures: ctx.registrationsPerHour }
    : REGISTER_IP_LIMIT;
  const claim = await claimAttempt(ctx.db, 'register_ip', ip, now, rule);
  if (!claim.ok) {
    const now = ctx.clock.now();
    const wait = waitText(claim.lockedUntilMs, now);
    throw new AppError(-1, `Too many accounts opened from your network; try again in ${wait}`, 429, {
      key: 'auth.registerLimited',
      params: { minutes: waitMinutes(claim.lockedUntilMs, now) },
    });
  }
  try {
    await register(ctx, input);
  } catch (error) {
    if (!(error instanceof AppError && error.status === 409)) throw error;
  } finally {
    await failAttempt(ctx.db, claim.attempt);
  }
}
