import { parseAmount, toWire } from '@earn/domain';
import type { TransferBody } from '@earn/domain/contract';
import type { AppContext } from '../../context.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, refused } from '../../errors.js';
import { userAccount } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { findCoin } from '../market/repo.js';
import type { User } from './repo.js';

/** Moves a coin between the user's spot and unified wallets, through the ledger. */
export async function transfer(ctx: AppContext, user: User, input: TransferBody, idempotency?: IdempotencyRequest) {
  if (input.from === input.to) throw badRequest('from and to must be different wallets');
  const coin = await findCoin(ctx.db, input.asset);
  if (!coin) throw badRequest(`asset ${input.asset} is not a coin we list`);
  const amount = parseAmount('amount', input.amount, { maxDecimals: coin.decimals });
  if (!amount.ok) throw refused(amount);
  return runTx(
    ctx.db,
    async (tx) => {
      const txId = await post(tx, {
        kind: 'transfer',
        ref: `${input.from}->${input.to}`,
        userId: user.id,
        at: ctx.clock.now(),
        postings: [
          { account: userAccount(user.id, input.from, coin.symbol), amount: amount.value.neg() },
          { account: userAccount(user.id, input.to, coin.symbol), amount: amount.value },
        ],
      });
      return { asset: coin.symbol, amount: toWire(amount.value), tx_id: String(txId) };
    },
    idempotency,
  );
}
