// The guard on a Solana swap transaction an aggregator built (src/chains/solana/swap-checks.ts;
// issue 11 item 4): what it lets the wallet sign and what it refuses, one instruction at a time,
// on transactions built here with @solana/kit. The aggregator's own program is trusted; plumbing
// (System, Token, Token-2022, Associated Token, Compute Budget, Memo) only where it cannot move the
// wallet's money anywhere but into its own accounts or to the aggregator's payees.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
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
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS as ATA_PROGRAM,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS as SYSTEM,
  TOKEN_PROGRAM_ADDRESS as TOKEN,
  TOKEN_2022_PROGRAM_ADDRESS as TOKEN_2022,
} from '../../src/chains/solana/program-ids.ts';
import { solanaSwapRefusal } from '../../src/chains/solana/swap-checks.ts';
import { JUPITER_PROGRAM } from '../../src/swap-aggregators/jupiter/jupiter-aggregator.ts';

const JUPITER = address('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4');
const WSOL = address('So11111111111111111111111111111111111111112');
const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const newAddress = async () => (await generateKeyPairSigner()).address;
const ata = async (owner: Address, mint: Address, program: Address = TOKEN) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: program }))[0];

const WALLET = await newAddress();
const POOL = await newAddress();
const STRANGER = await newAddress();
/**
 * An aggregator program other than Jupiter's (the development network's local aggregator is one):
 * trusted as it is. Jupiter's own route instructions are read and held to the trade (see below).
 */
const AGGREGATOR = await newAddress();
const policy = { programs: [AGGREGATOR], payees: [POOL] };
const LOOKUP_TABLE = await newAddress();

const W = (a: Address) => ({ address: a, role: AccountRole.WRITABLE });
const S = (a: Address) => ({ address: a, role: AccountRole.WRITABLE_SIGNER });
const R = (a: Address) => ({ address: a, role: AccountRole.READONLY });
const u32 = (n: number) => {
  const out = new Uint8Array(12);
  new DataView(out.buffer).setUint32(0, n, true);
  return out;
};
const ix = (programAddress: Address, accounts: Instruction['accounts'], data: Uint8Array): Instruction => ({
  programAddress,
  accounts: accounts ?? [],
  data,
});
const lamports = (from: Address, to: Address) =>
  ix(SYSTEM, [from === WALLET ? S(from) : W(from), W(to)], u32(2));
const token = (tag: number, accounts: Instruction['accounts'], program: Address = TOKEN) =>
  ix(program, accounts, Uint8Array.of(tag, 1, 0, 0, 0, 0, 0, 0, 0, 6));
const swap = ix(AGGREGATOR, [S(WALLET), W(POOL)], Uint8Array.of(0xe5, 1, 2));

/**
 * The wire form of a transaction the wallet pays for, with these instructions; accounts listed in
 * `lookedUp` are loaded through an address lookup table (not verifiable offline).
 */
function wire(instructions: Instruction[], lookedUp: Address[] = []): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(WALLET, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 100n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const compressed =
    lookedUp.length === 0
      ? message
      : compressTransactionMessageUsingAddressLookupTables(message, { [LOOKUP_TABLE]: lookedUp });
  return getBase64EncodedWireTransaction(compileTransaction(compressed));
}
const refusal = (...instructions: Instruction[]) => solanaSwapRefusal(wire(instructions), WALLET, policy);
const refusalLookingUp = (lookedUp: Address[], ...instructions: Instruction[]) =>
  solanaSwapRefusal(wire(instructions, lookedUp), WALLET, policy);

describe('Solana swap guard: what a swap may do', () => {
  test('a whole swap: budget, memo, own token accounts, wrapping SOL, the router, paying the pool: signed', async () => {
    const ownWsol = await ata(WALLET, WSOL);
    const ownUsdc = await ata(WALLET, USDC);
    const poolUsdc = await ata(POOL, USDC);
    const poolUsdc2022 = await ata(POOL, USDC, TOKEN_2022);
    assert.equal(
      await refusal(
        ix(COMPUTE_BUDGET_PROGRAM_ADDRESS, [], Uint8Array.of(2, 0x40, 0x0d, 0x03, 0)),
        ix(ATA_PROGRAM, [S(WALLET), W(ownUsdc), R(WALLET), R(USDC)], Uint8Array.of(1)),
        lamports(WALLET, ownWsol),
        token(17, [W(ownWsol)]),
        swap,
        lamports(WALLET, POOL),
        lamports(POOL, STRANGER),
        token(3, [W(ownUsdc), W(POOL), S(WALLET)]),
        token(12, [W(ownUsdc), R(USDC), W(ownUsdc), S(WALLET)]),
        token(12, [W(ownUsdc), R(USDC), W(poolUsdc), S(WALLET)]),
        token(12, [W(ownUsdc), R(USDC), W(poolUsdc2022), S(WALLET)], TOKEN_2022),
        token(12, [W(ownUsdc), R(USDC), W(POOL), S(WALLET)]),
        token(9, [W(ownWsol), W(WALLET), S(WALLET)]),
        token(3, [W(poolUsdc), W(STRANGER), R(POOL)]),
        ix(MEMO_PROGRAM_ADDRESS, [], new TextEncoder().encode('swap')),
      ),
      null,
    );
  });

  test("others' instructions that spend nothing of the wallet's: signed", async () => {
    const poolUsdc = await ata(POOL, USDC);
    const strangers = await ata(STRANGER, USDC);
    assert.equal(
      await refusal(
        // The pool closing its own account, and moving its own tokens (checked) to anyone.
        token(9, [W(poolUsdc), W(STRANGER), R(POOL)]),
        token(12, [W(poolUsdc), R(USDC), W(strangers), R(POOL)]),
        // Token instructions that move nothing, whatever accounts they list (SyncNative).
        token(17, [W(poolUsdc), R(USDC), W(strangers), S(WALLET)]),
        // A memo the wallet signs, listing other accounts, is not the Associated Token program.
        ix(MEMO_PROGRAM_ADDRESS, [S(WALLET), R(POOL), R(STRANGER)], new TextEncoder().encode('swap')),
        // A System transfer that lists no accounts pays from no one.
        ix(SYSTEM, [], u32(2)),
      ),
      null,
    );
  });

  test('a System instruction is read by its four-byte tag, even with nothing after it', async () => {
    assert.equal(
      await refusal(ix(SYSTEM, [S(WALLET), W(STRANGER)], Uint8Array.of(0, 0, 0, 0))),
      'instruction 1 is a System instruction (0) that a swap does not need',
    );
  });

  test('accounts loaded through a lookup table: refused where the wallet pays, skipped where it does not', async () => {
    const own = await ata(WALLET, USDC);
    const elsewhere = await newAddress();
    assert.equal(
      await refusalLookingUp([elsewhere], lamports(WALLET, elsewhere)),
      "instruction 1 pays lamports from the wallet to an account from a lookup table, which is neither the wallet's wrapped-SOL account nor the aggregator",
    );
    assert.equal(
      await refusalLookingUp([elsewhere], token(9, [W(own), W(elsewhere), S(WALLET)])),
      'instruction 1 closes a wallet token account into an account from a lookup table',
    );
    assert.equal(
      await refusalLookingUp([elsewhere], token(3, [W(own), W(elsewhere), S(WALLET)])),
      "instruction 1 moves the wallet's tokens to an unknown account",
    );
    assert.equal(
      await refusalLookingUp([elsewhere], token(12, [W(own), R(USDC), W(elsewhere), S(WALLET)])),
      "instruction 1 moves the wallet's tokens to an unknown account, not to the aggregator",
    );
    assert.equal(
      await refusalLookingUp([USDC], token(12, [W(own), R(USDC), W(own), S(WALLET)])),
      `instruction 1 moves the wallet's tokens to ${own}, not to the aggregator`,
      'a mint from a lookup table cannot be checked either',
    );
    // The wallet paying for a token account whose owner comes from a table: not provably someone else's.
    assert.equal(
      await refusalLookingUp(
        [elsewhere],
        ix(ATA_PROGRAM, [S(WALLET), W(own), R(elsewhere), R(USDC)], Uint8Array.of(1)),
      ),
      null,
    );
  });

  test('a non-Jupiter aggregator program is trusted with anything; Jupiter without a trade to hold it to, or an unknown program, is refused, by position', async () => {
    assert.equal(await refusal(ix(AGGREGATOR, [S(WALLET), W(STRANGER)], u32(0))), null);
    assert.equal(
      await solanaSwapRefusal(wire([ix(JUPITER, [S(WALLET), W(STRANGER)], u32(0))]), WALLET, {
        programs: [JUPITER],
        payees: [POOL],
      }),
      'instruction 1 calls Jupiter without a trade to check it against',
    );
    const other = await newAddress();
    assert.equal(
      await refusal(swap, ix(other, [S(WALLET)], Uint8Array.of(1))),
      `instruction 2 calls program ${other}, which a swap through this aggregator does not use`,
    );
  });
});

describe('Solana swap guard: what it refuses', () => {
  test('a System instruction other than a transfer', async () => {
    assert.equal(
      await refusal(ix(SYSTEM, [S(WALLET), W(STRANGER)], u32(0))),
      'instruction 1 is a System instruction (0) that a swap does not need',
    );
    assert.equal(
      await refusal(ix(SYSTEM, [S(WALLET), W(STRANGER)], Uint8Array.of(2, 0, 0))),
      'instruction 1 is a System instruction (-1) that a swap does not need',
    );
  });

  test('lamports from the wallet to anyone but its wrapped-SOL account or the pool', async () => {
    assert.equal(
      await refusal(lamports(WALLET, STRANGER)),
      `instruction 1 pays lamports from the wallet to ${STRANGER}, which is neither the wallet's wrapped-SOL account nor the aggregator`,
    );
    assert.match(
      (await refusal(lamports(WALLET, await ata(STRANGER, WSOL)))) ?? '',
      /pays lamports from the wallet/,
    );
    assert.match((await refusal(lamports(WALLET, await ata(WALLET, USDC)))) ?? '', /pays lamports/);
  });

  for (const [name, tag] of [
    ['approve', 4],
    ['setAuthority', 6],
    ['approveChecked', 13],
  ] as const)
    for (const program of [TOKEN, TOKEN_2022])
      test(`a token ${name} (${program === TOKEN ? 'Token' : 'Token-2022'}), whoever signs it`, async () => {
        assert.equal(
          await refusal(token(tag, [W(STRANGER), W(STRANGER), S(WALLET)], program)),
          "instruction 1 would give control of the wallet's tokens to another account",
        );
      });

  test("closing a wallet's token account into another account", async () => {
    const own = await ata(WALLET, USDC);
    assert.equal(
      await refusal(token(9, [W(own), W(STRANGER), S(WALLET)])),
      `instruction 1 closes a wallet token account into ${STRANGER}`,
    );
  });

  test('a token transfer from the wallet to anyone but the pool', async () => {
    const own = await ata(WALLET, USDC);
    assert.equal(
      await refusal(token(3, [W(own), W(STRANGER), S(WALLET)])),
      `instruction 1 moves the wallet's tokens to ${STRANGER}`,
    );
  });

  test("a checked token transfer from the wallet to an account neither its own nor the pool's", async () => {
    const own = await ata(WALLET, USDC);
    const strangers = await ata(STRANGER, USDC);
    assert.equal(
      await refusal(token(12, [W(own), R(USDC), W(strangers), S(WALLET)])),
      `instruction 1 moves the wallet's tokens to ${strangers}, not to the aggregator`,
    );
    // The pool's account of another mint is not the pool's account of this one.
    const poolWsol = await ata(POOL, WSOL);
    assert.match(
      (await refusal(token(12, [W(own), R(USDC), W(poolWsol), S(WALLET)]))) ?? '',
      /not to the aggregator/,
    );
    // The wallet's own account under the other token program is not its account for this transfer.
    const own2022 = await ata(WALLET, USDC, TOKEN_2022);
    assert.match(
      (await refusal(token(12, [W(own), R(USDC), W(own2022), S(WALLET)]))) ?? '',
      /not to the aggregator/,
    );
  });

  test('the wallet paying for a token account of someone else', async () => {
    const theirs = await ata(STRANGER, USDC);
    assert.equal(
      await refusal(ix(ATA_PROGRAM, [S(WALLET), W(theirs), R(STRANGER), R(USDC)], Uint8Array.of(1))),
      `instruction 1 pays for a token account of ${STRANGER}, not of the wallet`,
    );
    assert.equal(
      await refusal(ix(ATA_PROGRAM, [W(POOL), W(theirs), R(STRANGER), R(USDC)], Uint8Array.of(1))),
      null,
      'someone else paying for it is not the wallet’s money',
    );
  });
});

/** Jupiter v6 `route` data: discriminator, a one-step route plan, then in, quoted out, slippage, fee. */
function routeData(inAmount: bigint, quotedOut: bigint, slippageBps: number, feeBps: number) {
  const tail = new DataView(new ArrayBuffer(19));
  tail.setBigUint64(0, inAmount, true);
  tail.setBigUint64(8, quotedOut, true);
  tail.setUint16(16, slippageBps, true);
  tail.setUint8(18, feeBps);
  return Uint8Array.of(229, 23, 203, 151, 122, 227, 173, 42, 1, 0, 0, 0, 7, ...new Uint8Array(tail.buffer));
}

describe('Solana swap guard under mainnet settings (Jupiter’s router, no local pools)', () => {
  const mainnet = { programs: [JUPITER_PROGRAM], payees: [] };
  /** The trade asked for: 0.001 SOL to USDC, 1 % slippage. */
  const trade = { outputMint: USDC, amount: 1_000_000n, quotedOut: 17_057_460n, slippageBps: 100 };
  const router = address(JUPITER_PROGRAM);

  test('a Jupiter route from SOL to USDC, wrapping and unwrapping SOL in the wallet’s own accounts, is signed', async () => {
    const ownWsol = await ata(WALLET, WSOL);
    const ownUsdc = await ata(WALLET, USDC);
    const eventAuthority = await newAddress();
    const createIdempotent = (account: Address, mint: Address) =>
      ix(ATA_PROGRAM, [S(WALLET), W(account), R(WALLET), R(mint), R(SYSTEM), R(TOKEN)], Uint8Array.of(1));
    const wire = (() => {
      const instructions = [
        ix(COMPUTE_BUDGET_PROGRAM_ADDRESS, [], Uint8Array.of(2, 0xc0, 0x27, 0x09, 0)),
        ix(COMPUTE_BUDGET_PROGRAM_ADDRESS, [], Uint8Array.of(3, 0x10, 0x27, 0, 0, 0, 0, 0, 0)),
        createIdempotent(ownWsol, WSOL),
        lamports(WALLET, ownWsol),
        token(17, [W(ownWsol)]),
        createIdempotent(ownUsdc, USDC),
        // Jupiter v6 `route`: accounts by its IDL (token program, the wallet as authority, source,
        // destination, no destination override, the output mint, no platform fee, the event
        // authority, the program); data: discriminator, a one-step plan, in, quoted out, slippage
        // bps, platform fee bps.
        ix(
          router,
          [
            R(TOKEN),
            { address: WALLET, role: AccountRole.READONLY_SIGNER },
            W(ownWsol),
            W(ownUsdc),
            R(router),
            R(USDC),
            R(router),
            R(eventAuthority),
            R(router),
          ],
          routeData(1_000_000n, 17_057_460n, 100, 0),
        ),
        token(9, [W(ownWsol), W(WALLET), S(WALLET)]),
      ];
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
    })();
    assert.equal(await solanaSwapRefusal(wire, WALLET, { ...mainnet, trade }), null);
  });

  test('without local pools, paying a pool directly is refused', async () => {
    const wire = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(WALLET, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 100n },
          m,
        ),
      (m) => appendTransactionMessageInstructions([lamports(WALLET, POOL)], m),
      (m) => getBase64EncodedWireTransaction(compileTransaction(m)),
    );
    assert.match((await solanaSwapRefusal(wire, WALLET, mainnet)) ?? '', /pays lamports from the wallet to/);
  });
});
