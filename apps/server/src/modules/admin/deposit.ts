import { parseAmount, toWire } from '@earn/domain';
import type { DepositBody } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { noAccountWithEmail, refused, unlistedCoin } from '../../errors.js';
import { PlatformAccount, platformAccount, userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { findUserByEmail } from '../account/repo.js';
import { findCoin } from '../market/repo.js';

/** Credits a user's wallet from the platform's deposits account (operator credit, demo funding). */
export async function deposit(ctx: AppContext, input: DepositBody, idempotency?: IdempotencyRequest) {
  return runTx(ctx.db, (tx) => depositIn(tx, ctx, input), idempotency);
}

export async function depositIn(db: Executor, ctx: AppContext, input: DepositBody) {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw noAccountWithEmail(input.email);
  const coin = await findCoin(db, input.coin);
  if (!coin) throw unlistedCoin('coin', input.coin);
  const amount = parseAmount('amount', input.amount, { maxDecimals: coin.decimals });
  if (!amount.ok) throw refused(amount);
  const txId = await post(db, {
    kind: 'deposit',
    userId: user.id,
    at: ctx.clock.now(),
    postings: [
      { account: platformAccount(PlatformAccount.deposits, coin.symbol), amount: amount.value.neg() },
      { account: userAccount(user.id, input.wallet, coin.symbol), amount: amount.value },
    ],
  });
  return {
    email: user.email,
    coin: coin.symbol,
    amount: toWire(amount.value),
    wallet: input.wallet,
    tx_id: String(txId),
  };
}
