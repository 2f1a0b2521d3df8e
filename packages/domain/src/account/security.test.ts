import { describe, expect, it } from 'vitest';
import { checkFundPasswordFormat, FUNDPASS_LOCKOUT, lockedUntil, needsFundPassword, triesLeft } from './security.js';

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
