import { VIP_TIER } from '@earn/domain';
import type { Me } from '@earn/domain/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { User } from './repo.js';

export function toMe(user: User): Me {
  return {
    uid: user.id,
    email: user.email,
    role: user.role,
    tier: user.tier,
    is_vip: user.tier >= VIP_TIER,
    region: user.region,
    kyc_level: user.kycLevel,
    is_new_user: user.isNewUser,
    verified: user.verified,
    mode: user.accountMode,
    has_fundpass: user.fundpassHash !== null,
    fundpass_policy: user.fundpassPolicy,
  };
}

/** Unified means the account mode is not classic; unified users hold and redeem in the unified wallet. */
export function isUnified(user: Pick<User, 'accountMode'>): boolean {
  return user.accountMode !== 'classic';
}

export function tradingWallet(user: Pick<User, 'accountMode'>): 'spot' | 'unified' {
  return isUnified(user) ? 'unified' : 'spot';
}

/** tradingWallet in SQL, of the account mode column `mode` (for set-based jobs). */
export function tradingWalletOf(mode: SQL): SQL {
  return sql`CASE WHEN ${mode} = 'classic' THEN 'spot' ELSE 'unified' END`;
}
