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

/** Words an attacker of a crypto exchange tries first: its trade's, which no dictionary holds. */
// biome-ignore format: a list of words reads best packed
const TRADE_WORDS = [
  'earn', 'exchange', 'crypto', 'cryptocurrency', 'bitcoin', 'btc', 'ethereum', 'ether', 'eth',
  'usdt', 'tether', 'usdc', 'busd', 'dai', 'binance', 'bnb', 'coinbase', 'kraken', 'okx', 'bybit',
  'kucoin', 'huobi', 'htx', 'gate', 'gateio', 'satoshi', 'satoshis', 'sats', 'nakamoto', 'vitalik',
  'solana', 'sol', 'dogecoin', 'doge', 'shiba', 'pepe', 'ripple', 'xrp', 'cardano', 'ada',
  'polkadot', 'litecoin', 'tron', 'trx', 'polygon', 'matic', 'avalanche', 'avax', 'chainlink',
  'blockchain', 'defi', 'nft', 'web3', 'dapp', 'dao', 'metaverse', 'wallet', 'coin', 'token',
  'altcoin', 'memecoin', 'stablecoin', 'staking', 'launchpool', 'airdrop', 'mining', 'miner',
  'hashrate', 'halving', 'whale', 'hodl', 'lambo', 'moon', 'tothemoon', 'wagmi', 'degen', 'rekt',
  'bull', 'bear', 'bullrun', 'trader', 'trading', 'futures', 'margin', 'leverage', 'yield',
  'farming', 'validator', 'metamask', 'trezor', 'ledger', 'phantom', 'trustwallet', 'exodus',
  'uniswap', 'pancakeswap', 'sushiswap', 'opensea', 'money', 'demo'
];
/**
 * What Chinese-speaking users (a language the app speaks) most often build passwords from: common
 * surnames and given names in pinyin, and words of affection, which the English dictionary lacks.
 */
// biome-ignore format: a list of words reads best packed
const PINYIN_WORDS = [
  'wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma',
  'zhu', 'hu', 'guo', 'he', 'gao', 'lin', 'luo', 'zheng', 'liang', 'xie', 'song', 'tang', 'han',
  'feng', 'deng', 'cao', 'peng', 'zeng', 'xiao', 'tian', 'dong', 'yuan', 'pan', 'yu', 'jiang',
  'cai', 'du', 'ye', 'cheng', 'wei', 'su', 'lu', 'ding', 'ren', 'shen', 'yao', 'jun', 'jie', 'lei',
  'long', 'ming', 'hua', 'ling', 'na', 'min', 'jing', 'tao', 'hui', 'fang', 'yan', 'qiang', 'ping',
  'bin', 'hong', 'ying', 'xin', 'hao', 'chao', 'kai', 'fei', 'xiaoming', 'xiaohong', 'xiaoli',
  'xiaolong', 'zhangsan', 'lisi', 'wangwu', 'zhangwei', 'wangfang', 'liwei', 'woaini', 'aini',
  'woaiwojia', 'nihao', 'mima', 'wodemima', 'laopo', 'laogong', 'baobei', 'xiaobao', 'qq', 'baidu',
  'taobao', 'weixin', 'wechat', 'alipay', 'zhifubao', 'caonima', 'woshishei', 'yongyuan'
];

/**
 * A word or name dressed with digits and symbols at its ends ("Summer2024!!"): attackers try those
 * first, but zxcvbn counts the symbols as random, so the password is judged by its core too.
 */
const MIN_CORE_SCORE = 2;

/** Built once, on the first sign-up: the dictionaries take a moment to load. */
let estimator: ZxcvbnFactory | undefined;

/**
 * What an attacker who knows the email tries with it: the address, its name part whole and in its
 * pieces ("alice.wong": alicewong, alice, wong) and its domain's names.
 */
function emailWords(email: string): string[] {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const pieces = [...local.split(/[^a-z0-9]+/), ...domain.split('.').slice(0, -1)].filter((p) => p.length >= 3);
  return [...new Set([address, local, local.replace(/[^a-z0-9]/g, ''), domain, ...pieces])];
}

/**
 * Refuses a new account's password that is too easy to guess, judged with the email it is for.
 * Checked on sign-up only: the demo's and the operator's own accounts are opened by the server.
 */
export function assertHardToGuess(password: string, email: string): void {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common, ...english, trade: TRADE_WORDS, pinyin: PINYIN_WORDS },
    graphs: adjacencyGraphs,
  });
  const known = emailWords(email);
  const core = password.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const dressed = core !== '' && core !== password;
  // Its letters alone are the email's name or a piece of it ("kitty.frog99" for kittyfrog@…).
  const letters = password.replace(/[^\p{L}]/gu, '').toLowerCase();
  if (
    !known.includes(letters) &&
    estimator.check(password, known).score >= MIN_SCORE &&
    (!dressed || estimator.check(core, known).score >= MIN_CORE_SCORE)
  )
    return;
  throw new AppError(
    -1,
    'This password is too easy to guess (a common password, a word or name with digits, a pattern, a repeat or your email): use 10 or more characters, or a phrase of several words',
    400,
    { key: 'auth.passwordGuessable' },
  );
}
