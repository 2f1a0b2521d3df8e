import { type Decimal, type DecimalLike, isUSRegion, lendEarnAvailable, parseAmount, toWire } from '@earn/domain';
import type { TransferBody } from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { type IdempotencyRequest, runTx } from '../../db/tx.js';
import { badRequest, borrowedCoins, forbidden, insufficientBalance, refused, unlistedCoin } from '../../errors.js';
import { ensureAccounts, userAccount, userBalances } from '../../ledger/accounts.js';
import { post } from '../../ledger/post.js';
import { findCoin } from '../market/repo.js';
import { tradingWallet } from './me.js';
import { loansOf, type User } from './repo.js';

/**
 * A transfer's wallets, coin and amount (to the coin's own places): run before the fund-password
 * prompt (by the route's precheck), and by the transfer itself.
 */
export async function checkTransferInput(ctx: AppContext, input: TransferBody, user: User) {
  // Spec: no transfer for US users (the page offers none; the call refuses it as well).
  if (isUSRegion(user.region)) {
    throw forbidden('Transfers between accounts are not available in your region', 'transfer.unavailableInRegion');
  }
  if (input.from === input.to) throw badRequest('from and to must be different wallets', 'transfer.sameWallet');
  const coin = await findCoin(ctx.db, input.asset);
  if (!coin) throw unlistedCoin('asset', input.asset);
  const amount = parseAmount('amount', input.amount, { maxDecimals: coin.decimals });
  if (!amount.ok) throw refused(amount);
  return { coin, amount: amount.value };
}

/**
 * A transfer's checks on what is read without a lock, the balance too: before the fund-password
 * prompt (the route's precheck), so a transfer refused anyway costs no try. The ledger checks the
 * balance again as it moves it.
 */
export async function precheckTransfer(ctx: AppContext, input: TransferBody, user: User) {
  const { coin, amount } = await checkTransferInput(ctx, input, user);
  const [from] = await userBalances(ctx.db, user.id, [input.from], [coin.symbol]);
  const loan = input.from === tradingWallet(user) ? (await loansOf(ctx.db, user.id)).get(coin.symbol) : undefined;
  assertMovable(coin.symbol, amount, from?.balance ?? '0', loan);
}

/** Refuses more than the wallet holds, or than it may let out when part of it is borrowed. */
function assertMovable(coin: string, amount: Decimal, held: DecimalLike, loan: DecimalLike | undefined) {
  if (amount.gt(held)) throw insufficientBalance(coin);
  if (loan === undefined) return;
  const free = lendEarnAvailable(held, loan);
  if (amount.gt(free)) throw borrowedCoins(coin, toWire(free), toWire(loan));
}

/** Moves a coin between the user's spot and unified wallets, through the ledger. */
export async function transfer(ctx: AppContext, user: User, input: TransferBody, idempotency?: IdempotencyRequest) {
  const { coin, amount } = await checkTransferInput(ctx, input, user);
  return runTx(
    ctx.db,
    async (tx) => {
      if (input.from === tradingWallet(user)) await assertNotBorrowed(tx, user, input, coin.symbol, amount);
      const txId = await post(tx, {
        kind: 'transfer',
        ref: `${input.from}->${input.to}`,
        userId: user.id,
        at: ctx.clock.now(),
        postings: [
          { account: userAccount(user.id, input.from, coin.symbol), amount: amount.neg() },
          { account: userAccount(user.id, input.to, coin.symbol), amount: amount },
        ],
      });
      return { asset: coin.symbol, amount: toWire(amount), tx_id: String(txId) };
    },
    idempotency,
  );
}

/**
 * Borrowed coins cannot leave the trading wallet (the spec's outable: the balance less the loan):
 * the user's two wallets of the coin opened where missing (as the posting opens them, before any
 * lock: a transfer the other way that is opening one first would otherwise wait on our lock while
 * we wait on its new row), locked in id order (as the posting locks them), then checked.
 */
async function assertNotBorrowed(tx: Executor, user: User, input: TransferBody, coin: string, amount: Decimal) {
  const loan = (await loansOf(tx, user.id)).get(coin);
  if (loan === undefined) return;
  await ensureAccounts(tx, [userAccount(user.id, input.from, coin), userAccount(user.id, input.to, coin)]);
  const wallets = rowsOf<{ wallet: string; balance: string }>(
    await tx.execute(sql`
      SELECT wallet, balance::text FROM ledger_accounts
      WHERE user_id = ${user.id} AND coin = ${coin} AND wallet IN (${input.from}, ${input.to})
      ORDER BY id FOR UPDATE`),
  );
  assertMovable(coin, amount, wallets.find((w) => w.wallet === input.from)?.balance ?? '0', loan);
}
