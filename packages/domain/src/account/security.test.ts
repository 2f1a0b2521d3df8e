import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkFundPasswordFormat,
  FUNDPASS_LOCKOUT,
  LOGIN_EMAIL_BACKOFF,
  lockedUntil,
  needsFundPassword,
  triesLeft,
} from './security.js';

const MIN = 60_000;

describe('lockedUntil', () => {
  const now = 100 * MIN;
  it('locks for 15 minutes after the 5th failure within 15 minutes', () => {
    const failures = [now - 1 * MIN, now - 2 * MIN, now - 3 * MIN, now - 4 * MIN, now - 5 * MIN];
    expect(lockedUntil(failures, now, FUNDPASS_LOCKOUT)).toBe(now + 14 * MIN);
    expect(lockedUntil(failures, now + 14 * MIN, FUNDPASS_LOCKOUT)).toBe(null);
  });
  it('does not lock after 4 failures', () => {
    expect(lockedUntil([now, now, now, now], now, FUNDPASS_LOCKOUT)).toBe(null);
  });
  it('does not lock when the 5 failures are spread over more than 15 minutes', () => {
    const failures = [now, now - MIN, now - 2 * MIN, now - 3 * MIN, now - 15 * MIN - 1];
    expect(lockedUntil(failures, now, FUNDPASS_LOCKOUT)).toBe(null);
  });
  it('counts tries left inside the window', () => {
    expect(triesLeft([now - MIN, now - 20 * MIN], now, FUNDPASS_LOCKOUT)).toBe(4);
    expect(triesLeft([], now, FUNDPASS_LOCKOUT)).toBe(5);
  });
});

describe('lockedUntil with a backoff (logins per email)', () => {
  const now = 100 * MIN;
  const failuresAt = (n: number, spacingMs: number) => Array.from({ length: n }, (_, i) => now - i * spacingMs);
  it('lets 10 failures pass without any wait, then doubles the wait from 1 s after each further failure', () => {
    expect(lockedUntil(failuresAt(9, 1000), now, LOGIN_EMAIL_BACKOFF)).toBe(null);
    expect(lockedUntil(failuresAt(10, 1000), now, LOGIN_EMAIL_BACKOFF)).toBe(now + 1000);
    expect(lockedUntil(failuresAt(11, 1000), now, LOGIN_EMAIL_BACKOFF)).toBe(now + 2000);
    expect(lockedUntil(failuresAt(14, 1000), now, LOGIN_EMAIL_BACKOFF)).toBe(now + 16_000);
    expect(lockedUntil(failuresAt(100, 1000), now, LOGIN_EMAIL_BACKOFF)).toBe(now + MIN);
  });
  it('forgets failures older than 15 minutes', () => {
    expect(lockedUntil(failuresAt(30, 2 * MIN), now, LOGIN_EMAIL_BACKOFF)).toBe(null);
  });
  it('never makes anyone wait more than a minute after the newest failure, however many there were', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 * MIN }), { maxLength: 200 }), (ago) => {
        const failures = ago.map((a) => now - a).sort((a, b) => b - a);
        const until = lockedUntil(failures, now, LOGIN_EMAIL_BACKOFF);
        return until === null || until - (failures[0] as number) <= MIN;
      }),
    );
  });
});

describe('needsFundPassword', () => {
  const H = 3_600_000;
  it('follows the policy', () => {
    expect(needsFundPassword('always', 10, 11)).toBe(true);
    expect(needsFundPassword('never', null, 0)).toBe(false);
    expect(needsFundPassword('every_2h', null, 0)).toBe(true);
    expect(needsFundPassword('every_2h', 0, 2 * H - 1)).toBe(false);
    expect(needsFundPassword('every_2h', 0, 2 * H)).toBe(true);
  });
});

describe('checkFundPasswordFormat', () => {
  it('accepts exactly 6 digits', () => {
    expect(checkFundPasswordFormat('123456').ok).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', 123456, undefined]) {
      expect(checkFundPasswordFormat(bad).ok).toBe(false);
    }
  });
});
