import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailProblem, passwordProblem } from './credentials.js';

describe('credentials', () => {
  it('takes ordinary addresses, trimmed, and refuses what the API would', () => {
    for (const ok of ['a@b.co', ' user+tag@example.com ', 'First.Last@sub.example.org', "o'neil@x.io"]) {
      expect(emailProblem(ok), ok).toBeNull();
    }
    for (const bad of ['', 'a@b', 'a b@c.co', 'é@example.com', '"q"@example.com', 'a@-c.co', 'name@gmail']) {
      expect(emailProblem(bad), bad).toBe('emailInvalid');
    }
    const long = `a@${Array(5).fill('b'.repeat(60)).join('.')}.com`;
    expect(long.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(emailProblem(long)).toBe('emailInvalid');
    expect(emailProblem(`${'a'.repeat(64)}@example.com`)).toBeNull();
    expect(emailProblem(`${'a'.repeat(65)}@example.com`)).toBe('emailInvalid');
  });

  it('wants a password of 8 to 128 characters, not all blanks, without control characters', () => {
    expect(passwordProblem('1234567')).toBe('passwordShort');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('x'.repeat(129))).toBe('passwordLong');
    expect(passwordProblem(' '.repeat(8))).toBe('passwordBlank');
    expect(passwordProblem('\t \n     ')).toBe('passwordControl');
    expect(passwordProblem('\u200b'.repeat(8))).toBe('passwordBlank');
    expect(passwordProblem(`\u2060\ufeff${'\u00a0'.repeat(6)}`)).toBe('passwordBlank');
    expect(passwordProblem('password\u0000')).toBe('passwordControl');
    expect(passwordProblem('pass\tword1')).toBe('passwordControl');
    expect(passwordProblem('Abcd1234\ud800')).toBe('passwordControl');
    expect(passwordProblem('Abcd1234\ud83d\ude00')).toBeNull();
    expect(passwordProblem('  pass  word  ')).toBeNull();
    expect(passwordProblem(`${' '.repeat(7)}密`)).toBeNull();
    expect(passwordProblem(`${' '.repeat(6)}🔑`)).toBeNull();
  });
});
