import { Decimal, HOUR_MS, parseAmount, toWire, UNLIMITED } from '@earn/domain';
import type { LaunchProjectInput } from '@earn/domain/contract';
import { canonicalJson } from '../../canonical-json.js';
import type { AppContext } from '../../context.js';
import { forgetCachedReads } from '../../db/read-cache.js';
import { launchPools, launchProjects } from '../../db/schema.js';
import { runTx } from '../../db/tx.js';
import { badRequest, refused, unlistedCoin } from '../../errors.js';
import { PlatformAccount, platformAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { announceProject } from '../inbox/inbox.js';
import { findCoin } from '../market/repo.js';
import { rewardWallet } from './repo.js';

function amount(field: string, raw: string | undefined, allowUnlimited = false): string {
  if (raw === undefined) return '-1';
  if (allowUnlimited && raw === '-1') return '-1';
  const parsed = parseAmount(field, raw, { maxDecimals: 8, allowZero: true });
  if (!parsed.ok) throw refused(parsed);
  return parsed.value.toFixed();
}

/** A pool's terms as stored, everything but its reward: amounts in their plain form, defaults filled. */
function poolTerms(p: LaunchProjectInput['pools'][number]) {
  return {
    coin: p.coin.toUpperCase(),
    buyTotalAmount: amount('pools.buy_total_amount', p.buy_total_amount, true),
    personalMin: amount('pools.personal_min_amount', p.personal_min_amount),
    personalMax: amount('pools.personal_max_amount', p.personal_max_amount, true),
    decimalPlace: p.decimal_place ?? 4,
    rateYearType: p.rate_year_type ?? 2,
    rateYear: p.rate_year ?? '0',
    rewardPoolType: p.reward_pool_type ?? 0,
    limitRule: p.limit_rule ?? 0,
    vipConfig: p.vip_config ?? null,
    transactionConfig: p.transaction_config ?? [],
    redeemType: p.redeem_type ?? 0,
    simpleEarn: p.simple_earn ?? null,
    staking: p.staking ?? null,
  };
}

/**
 * Creates a project and its pools, and funds the project's reward account with every pool's total
 * reward through the ledger, so every reward later paid is accounted for.
 */
export async function createProject(
  ctx: AppContext,
  input: LaunchProjectInput,
  /** The demo seeds projects that began before it, one running and one completed; the operator cannot. */
  options: { pastAllowed?: boolean } = {},
) {
  const startMs = input.start_timest * 1000;
  const endMs = input.end_timest * 1000;
  if (startMs % HOUR_MS !== 0 || endMs % HOUR_MS !== 0)
    throw badRequest('start_timest and end_timest must be on whole hours');
  if (endMs <= startMs) throw badRequest('end_timest must be after start_timest');
  const now = ctx.clock.now();
  // A project that has already ended would hold its funded rewards without ever paying them.
  if (endMs <= now.getTime() && !options.pastAllowed) throw badRequest('end_timest must be in the future');
  // The hours before now would take their share of the funded reward and never pay it.
  if (startMs < Math.floor(now.getTime() / HOUR_MS) * HOUR_MS && !options.pastAllowed)
    throw badRequest('start_timest must not be before the current hour');
  if (input.pools.length === 0) throw badRequest('pools must have at least one pool');
  const reward = await findCoin(ctx.db, input.coin);
  if (!reward) throw unlistedCoin('coin', input.coin);
  for (const p of input.pools) if (!(await findCoin(ctx.db, p.coin))) throw unlistedCoin('pools.coin', p.coin);
  const pools = input.pools.map((p) => ({
    terms: poolTerms(p),
    totalReward: amount('pools.total_reward', p.total_reward),
  }));
  for (const [i, { terms, totalReward }] of pools.entries()) {
    const min = new Decimal(terms.personalMin);
    if (new Decimal(totalReward).lte(0)) throw badRequest(`pools.${i}.total_reward must be above 0`);
    if (terms.personalMax !== UNLIMITED && min.gt(terms.personalMax))
      throw badRequest(`pools.${i}.personal_min_amount must not be above personal_max_amount`);
    if (terms.buyTotalAmount !== UNLIMITED && min.gt(terms.buyTotalAmount))
      throw badRequest(`pools.${i}.personal_min_amount must not be above buy_total_amount`);
  }
  // Two pools alike but for their reward would read the same to a staker: one pool takes it all.
  // Compared as stored, so an amount written another way ("1.0", "1") is the same term.
  const keys = pools.map((p) => canonicalJson(p.terms));
  keys.forEach((k, i) => {
    const first = keys.indexOf(k);
    if (first < i)
      throw badRequest(`pools.${i} has the coin and terms of pools.${first}: give one pool the whole reward`);
  });
  const hours = (endMs - startMs) / HOUR_MS;
  const created = await runTx(ctx.db, async (tx) => {
    const [project] = await tx
      .insert(launchProjects)
      .values({
        coin: reward.symbol,
        name: input.name,
        translations: input.translations ?? {},
        startAt: new Date(startMs),
        endAt: new Date(endMs),
        createdAt: now,
      })
      .returning();
    if (!project) throw new Error('project was not created');
    let total = new Decimal(0);
    for (const { terms, totalReward } of pools) {
      total = total.plus(totalReward);
      await tx.insert(launchPools).values({
        ...terms,
        projectId: project.id,
        totalReward,
        rewardPerHour: new Decimal(totalReward).div(hours).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed(),
        lastUpdateAt: new Date(startMs),
      });
    }
    if (total.gt(0)) {
      await post(tx, {
        kind: 'launchpool.fund',
        ref: `project:${project.id}`,
        at: now,
        postings: [
          { account: platformAccount(PlatformAccount.deposits, reward.symbol), amount: total.neg() },
          { account: platformAccount(rewardWallet(project.id), reward.symbol), amount: total },
        ],
      });
    }
    await announceProject(tx, project, now);
    return { pid: project.id, total_reward: toWire(total) };
  });
  forgetCachedReads(ctx.db);
  return created;
}
