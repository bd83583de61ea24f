// Token accounts and mints as the balance reader decodes them (src/chains/solana/solana-token-metadata.ts):
// the base layouts through @solana-program/token, which Token-2022 shares, with a Token-2022 account's
// extensions after them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { address, none } from '@solana/kit';
import { AccountState, getMintEncoder, getTokenEncoder } from '@solana-program/token';
import { decodeTokenAccount, mintDecimals } from '../../src/chains/solana/solana-token-metadata.ts';

const MINT = address('So11111111111111111111111111111111111111112');
const OWNER = address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM');

const tokenAccount = (state: AccountState, amount: bigint) =>
  new Uint8Array(
    getTokenEncoder().encode({
      mint: MINT,
      owner: OWNER,
      amount,
      delegate: none(),
      state,
      isNative: none(),
      delegatedAmount: 0n,
      closeAuthority: none(),
    }),
  );
const mint = (decimals: number, isInitialized: boolean) =>
  new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: none(),
      supply: 10n,
      decimals,
      isInitialized,
      freezeAuthority: none(),
    }),
  );

test('a token account gives its mint, owner and exact amount; an uninitialized one or short data gives none', () => {
  const max = 2n ** 64n - 1n;
  assert.deepEqual(decodeTokenAccount(tokenAccount(AccountState.Initialized, max)), {
    mint: MINT,
    owner: OWNER,
    amount: max,
  });
  assert.equal(decodeTokenAccount(tokenAccount(AccountState.Frozen, 5n))?.amount, 5n);
  assert.equal(decodeTokenAccount(tokenAccount(AccountState.Uninitialized, 5n)), null);
  assert.equal(decodeTokenAccount(tokenAccount(AccountState.Initialized, 5n).subarray(0, 100)), null);
  // Token-2022: the account type byte and extensions follow the base layout.
  const extended = new Uint8Array(200);
  extended.set(tokenAccount(AccountState.Initialized, 7n));
  extended[165] = 2;
  assert.equal(decodeTokenAccount(extended)?.amount, 7n);
});

test('a mint gives its decimals; an uninitialized mint or an account that is not a mint gives none', () => {
  assert.equal(mintDecimals(mint(6, true)), 6);
  assert.equal(mintDecimals(mint(0, true)), 0);
  assert.equal(mintDecimals(mint(9, false)), null);
  assert.equal(mintDecimals(mint(9, true).subarray(0, 60)), null);
  // A Token-2022 mint with extensions says so at the account type byte; a token account does not.
  const extendedMint = new Uint8Array(300);
  extendedMint.set(mint(2, true));
  extendedMint[165] = 1;
  assert.equal(mintDecimals(extendedMint), 2);
  const notMint = new Uint8Array(300);
  notMint.set(tokenAccount(AccountState.Initialized, 1n));
  notMint[165] = 2;
  assert.equal(mintDecimals(notMint), null);
});
