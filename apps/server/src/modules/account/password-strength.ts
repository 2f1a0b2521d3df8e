import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as english } from '@zxcvbn-ts/language-en';
import { AppError } from '../../errors.js';

/**
 * The least zxcvbn score a new account's password needs: 3 is "safely unguessable", more than about
 * 10^8 guesses. Below it are the common passwords and their variants ("password123", "demo1234"),
 * words and names with a digit or two, keyboard walks, repeats and sequences ("12345678",
 * "aaaaaaaa"), which a throttled login still lets an attacker try across many accounts. A random
 * string needs 9 characters or more to reach it, which the form's hint says.
 */
const MIN_SCORE = 3;

/**
 * Words an attacker of a crypto exchange tries first: its trade's, and those that Chinese-speaking
 * users (a language the app speaks) most often build passwords from, which the English and common
 * dictionaries do not hold.
 */
const SITE_WORDS = [
  'earn',
  'exchange',
  'crypto',
  'cryptocurrency',
  'bitcoin',
  'btc',
  'ethereum',
  'ether',
  'eth',
  'usdt',
  'tether',
  'usdc',
  'binance',
  'bnb',
  'coinbase',
  'kraken',
  'okx',
  'bybit',
  'kucoin',
  'huobi',
  'htx',
  'gate',
  'gateio',
  'satoshi',
  'nakamoto',
  'vitalik',
  'solana',
  'dogecoin',
  'doge',
  'ripple',
  'xrp',
  'cardano',
  'polkadot',
  'litecoin',
  'blockchain',
  'defi',
  'nft',
  'wallet',
  'coin',
  'token',
  'staking',
  'launchpool',
  'hodl',
  'lambo',
  'moon',
  'tothemoon',
  'trader',
  'trading',
  'money',
  'demo',
  'woaini',
  'aini',
  'nihao',
  'mima',
  'wodemima',
  'zhangsan',
  'lisi',
  'wangwu',
  'zhangwei',
  'wangfang',
  'liwei',
  'qq',
  'baidu',
  'taobao',
  'weixin',
  'wechat',
  'alipay',
  'zhifubao',
  'laopo',
  'laogong',
  'baobei',
  'xiaobao',
  'caonima',
  'woshishei',
  'yiqi',
  'yongyuan',
];

/** Built once, on the first sign-up: the dictionaries take a moment to load. */
let estimator: ZxcvbnFactory | undefined;

/**
 * What an attacker who knows the email tries with it: the address, its name part whole and in its
 * pieces ("alice.wong": alicewong, alice, wong) and its domain's names.
 */
export function emailWords(email: string): string[] {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const pieces = [...local.split(/[^a-z0-9]+/), ...domain.split('.').slice(0, -1)].filter((p) => p.length >= 3);
  return [...new Set([address, local, local.replace(/[^a-z0-9]/g, ''), domain, ...pieces])];
}

/** Refuses a new account's password that is too easy to guess, judged with the email it is for. */
export function assertHardToGuess(password: string, email: string): void {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common, ...english, site: SITE_WORDS },
    graphs: adjacencyGraphs,
  });
  if (estimator.check(password, emailWords(email)).score >= MIN_SCORE) return;
  throw new AppError(
    -1,
    'This password is too easy to guess (a common password, a word or name with digits, a pattern, a repeat or your email): use 10 or more characters, or a phrase of several words',
    400,
    { key: 'auth.passwordGuessable' },
  );
}
