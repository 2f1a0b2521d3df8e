import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../errors.js';

/**
 * The least zxcvbn score a new account's password needs: 3 is "safely unguessable" (about 10^8
 * guesses and more). Below it are the common passwords and their variants ("password123",
 * "demo1234"), keyboard walks, repeats and sequences ("12345678", "aaaaaaaa"), which a throttled
 * login still lets an attacker try across many accounts.
 */
const MIN_SCORE = 3;

/** Built once, on the first sign-up: the dictionaries take a moment to load. */
let estimator: ZxcvbnFactory | undefined;

/**
 * Refuses a password that is too easy to guess, judged with the email it is for (a password made
 * of the address is guessable by whoever knows it). Checked on sign-up only: the demo's and the
 * operator's own accounts are opened by the server.
 */
export function assertHardToGuess(password: string, email: string): void {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  if (estimator.check(password, [email.trim().toLowerCase(), local]).score >= MIN_SCORE) return;
  throw new AppError(
    -1,
    'This password is too easy to guess (a common password, a pattern, a repeat or your email): use a longer phrase, or mix words, digits and symbols',
    400,
    { key: 'auth.passwordGuessable' },
  );
}
