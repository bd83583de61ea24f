// The Solana swap guard (src/chains/solana/swap-checks.ts) at the edges the mutation run found
// untested (issue 33): a Jupiter route held to the trade inside a whole transaction, token
// instructions that list the wallet without it being their authority, Token-2022's
// TransferCheckedWithFee, and token instructions a swap never needs (a burn, no data at all).
// Beside solana-swap-guard.test.ts, whose cases these complete.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import {
  TOKEN_PROGRAM_ADDRESS as TOKEN,
  TOKEN_2022_PROGRAM_ADDRESS as TOKEN_2022,
} from '../../src/chains/solana/program-ids.ts';
import { solanaSwapRefusal } from '../../src/chains/solana/swap-checks.ts';
import { JUPITER_PROGRAM } from '../../src/swap-aggregators/jupiter/jupiter-aggregator.ts';

const WSOL = address('So11111111111111111111111111111111111111112');
const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const newAddress = async () => (await generateKeyPairSigner()).address;
const ata = async (owner: Address, mint: Address, program: Address = TOKEN) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: program }))[0];
const WALLET = await newAddress();
const POOL = await newAddress();
const STRANGER = await newAddress();
const AGGREGATOR = await newAddress();

const W = (a: Address) => ({ address: a, role: AccountRole.WRITABLE });
const S = (a: Address) => ({ address: a, role: AccountRole.WRITABLE_SIGNER });
const R = (a: Address) => ({ address: a, role: AccountRole.READONLY });
const ix = (programAddress: Address, accounts: Instruction['accounts'], data: Uint8Array): Instruction => ({
  programAddress,
  accounts: accounts ?? [],
  data,
});
const token = (tag: number, accounts: Instruction['accounts'], program: Address = TOKEN) =>
  ix(program, accounts, Uint8Array.of(tag, 1, 0, 0, 0, 0, 0, 0, 0, 6));

function wire(instructions: Instruction[]): string {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(WALLET, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 100n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => getBase64EncodedWireTransaction(compileTransaction(m)),
  );
}
const refusal = (...instructions: Instruction[]) =>
  solanaSwapRefusal(wire(instructions), WALLET, { programs: [AGGREGATOR], payees: [POOL] });

describe('Solana swap guard: token instructions that list the wallet without it signing for the tokens', () => {
  test('a transfer, a checked transfer and a close whose authority is the pool spend nothing of the wallet’s: signed', async () => {
    const poolUsdc = await ata(POOL, USDC);
    assert.equal(
      await refusal(
        // The wallet is listed (a destination, an extra account), the pool is the authority.
        token(3, [W(poolUsdc), W(WALLET), R(POOL)]),
        token(12, [W(poolUsdc), R(USDC), W(WALLET), R(POOL)]),
        token(9, [W(poolUsdc), W(POOL), R(POOL), R(WALLET)]),
      ),
      null,
    );
  });
});

describe('Solana swap guard: token instructions a swap does not need, with the wallet involved', () => {
  for (const program of [TOKEN, TOKEN_2022])
    test(`a burn of the wallet’s tokens is refused, naming its tag (${program === TOKEN ? 'Token' : 'Token-2022'})`, async () => {
      // Its second byte is 1, like TransferCheckedWithFee's: only tag 26 makes that one.
      const own = await ata(WALLET, USDC, program);
      assert.equal(
        await refusal(token(8, [W(own), R(USDC), S(WALLET)], program)),
        "instruction 1 is a token instruction (8) on the wallet's accounts that a swap does not need",
      );
    });

  test('a token instruction with no data is refused (tag -1), not read as an initialisation', async () => {
    const own = await ata(WALLET, USDC);
    assert.equal(
      await refusal(ix(TOKEN, [W(own), S(WALLET)], new Uint8Array())),
      "instruction 1 is a token instruction (-1) on the wallet's accounts that a swap does not need",
    );
  });
});

describe('Solana swap guard: Token-2022’s TransferCheckedWithFee (extension 26, instruction 1)', () => {
  const withFee = (accounts: Instruction['accounts'], program: Address = TOKEN_2022, sub = 1) =>
    ix(program, accounts, Uint8Array.of(26, sub, 1, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0));

  test('to the pool’s account of the mint: signed; to anyone else’s: refused like a checked transfer', async () => {
    const own = await ata(WALLET, USDC, TOKEN_2022);
    const pool = await ata(POOL, USDC, TOKEN_2022);
    const strangers = await ata(STRANGER, USDC, TOKEN_2022);
    assert.equal(await refusal(withFee([W(own), R(USDC), W(pool), S(WALLET)])), null);
    assert.equal(
      await refusal(withFee([W(own), R(USDC), W(strangers), S(WALLET)])),
      `instruction 1 moves the wallet's tokens to ${strangers}, not to the aggregator`,
    );
  });

  test('another instruction of the extension, or extension 26 under the Token program, is refused with its tags', async () => {
    const own = await ata(WALLET, USDC, TOKEN_2022);
    const pool = await ata(POOL, USDC, TOKEN_2022);
    assert.equal(
      await refusal(withFee([W(own), R(USDC), W(pool), S(WALLET)], TOKEN_2022, 0)),
      "instruction 1 is a token instruction (26/0) on the wallet's accounts that a swap does not need",
    );
    assert.equal(
      await refusal(withFee([W(own), R(USDC), W(pool), S(WALLET)], TOKEN)),
      "instruction 1 is a token instruction (26/1) on the wallet's accounts that a swap does not need",
    );
  });
});

/** Jupiter v6 `route` data: discriminator, a one-step route plan, then in, quoted out, slippage, fee. */
function routeData(inAmount: bigint, quotedOut: bigint, slippageBps: number) {
  const tail = new DataView(new ArrayBuffer(19));
  tail.setBigUint64(0, inAmount, true);
  tail.setBigUint64(8, quotedOut, true);
  tail.setUint16(16, slippageBps, true);
  return Uint8Array.of(229, 23, 203, 151, 122, 227, 173, 42, 1, 0, 0, 0, 7, ...new Uint8Array(tail.buffer));
}

describe('Solana swap guard: a Jupiter route inside a whole transaction', () => {
  const router = address(JUPITER_PROGRAM);
  const trade = { outputMint: USDC, amount: 1_000_000n, quotedOut: 17_057_460n, slippageBps: 100 };
  const mainnet = { programs: [JUPITER_PROGRAM], payees: [], trade };
  /** Jupiter's `route` with the wallet as authority, delivering to `destination`. */
  const route = async (destination: Address) =>
    ix(
      router,
      [
        R(TOKEN),
        { address: WALLET, role: AccountRole.READONLY_SIGNER },
        W(await ata(WALLET, WSOL)),
        W(destination),
        R(router),
        R(USDC),
        R(router),
        R(await newAddress()),
        R(router),
      ],
      routeData(1_000_000n, 17_057_460n, 100),
    );

  test('a route delivering to an account that is not the wallet’s is refused', async () => {
    const strangers = await ata(STRANGER, USDC);
    assert.equal(
      await solanaSwapRefusal(wire([await route(strangers)]), WALLET, mainnet),
      `instruction 1 (Jupiter route) delivers to ${strangers}, which is not the wallet's token account`,
    );
  });

  test('a route the guard accepts does not end the checks: a later instruction paying someone else is refused', async () => {
    const own = await ata(WALLET, USDC);
    assert.equal(
      await solanaSwapRefusal(
        wire([await route(own), token(3, [W(own), W(STRANGER), S(WALLET)])]),
        WALLET,
        mainnet,
      ),
      `instruction 2 moves the wallet's tokens to ${STRANGER}`,
    );
  });
});
