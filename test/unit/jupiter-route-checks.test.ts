// Jupiter's own route instructions in a swap it built (src/chains/solana/jupiter-route-checks.ts;
// issue 26 item 6), checked one instruction at a time: each of the six route layouts of the v6 IDL
// by account position and by the arguments at the end of its data. The unit tier had only the
// accept path through the whole guard (issue 33: the mutation run scored this module 46 %).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { JUPITER_V6_PROGRAM, jupiterRouteRefusal } from '../../src/chains/solana/jupiter-route-checks.ts';

const WALLET = 'Wallet1111111111111111111111111111111111111';
const OWN_USDC = 'OwnUsdc111111111111111111111111111111111111';
const THEIRS = 'Theirs1111111111111111111111111111111111111';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL = 'So11111111111111111111111111111111111111112';
const where = 'instruction 3';

const expected = {
  wallet: WALLET,
  outputMint: USDC,
  amount: 1_000_000n,
  quotedOut: 17_000_000n,
  slippageBps: 100,
  isWalletAccount: async (account: string, mint: string) => account === OWN_USDC && mint === USDC,
};

const discriminator = (name: string) => createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
/** Data: the discriminator, an empty route plan, [in], quoted out, slippage, platform fee. */
function data(name: string, args: { in?: bigint; out?: bigint; slippage?: number; fee?: number } = {}) {
  const ledger = name.includes('token_ledger');
  const tail = new DataView(new ArrayBuffer(ledger ? 11 : 19));
  let at = 0;
  if (!ledger) {
    tail.setBigUint64(0, args.in ?? 1_000_000n, true);
    at = 8;
  }
  tail.setBigUint64(at, args.out ?? 17_000_000n, true);
  tail.setUint16(at + 8, args.slippage ?? 100, true);
  tail.setUint8(at + 10, args.fee ?? 0);
  return Uint8Array.from([...discriminator(name), 0, 0, 0, 0, ...new Uint8Array(tail.buffer)]);
}

/** Accounts by the layout's positions: route-style (authority 1, destination 3, optional 4, mint 5) or shared (2, 6, mint 8). */
function accounts(
  name: string,
  over: {
    authority?: string;
    destination?: string | null;
    optional?: string | null;
    mint?: string | null;
  } = {},
) {
  const list: (string | null)[] = Array.from({ length: 10 }, (_, i) => `Other${i}`);
  const shared = name.startsWith('shared_accounts');
  const exactOut = name.includes('exact_out');
  list[shared ? 2 : 1] = over.authority ?? WALLET;
  list[shared ? 6 : 3] = over.destination === undefined ? OWN_USDC : over.destination;
  if (!shared) list[4] = over.optional === undefined ? JUPITER_V6_PROGRAM : over.optional;
  list[shared ? 8 : exactOut ? 6 : 5] = over.mint === undefined ? USDC : over.mint;
  return (i: number) => list[i] ?? null;
}

const check = (name: string, d: Parameters<typeof data>[1] = {}, a: Parameters<typeof accounts>[1] = {}) =>
  jupiterRouteRefusal(where, data(name, d), accounts(name, a), expected);

const EXACT_IN = [
  'route',
  'route_with_token_ledger',
  'shared_accounts_route',
  'shared_accounts_route_with_token_ledger',
];

describe('Jupiter route checks: the trade asked for is signed', () => {
  for (const name of EXACT_IN)
    test(`${name}: to the wallet's account of the mint, at the quote, the slippage and no fee`, async () => {
      assert.equal(await check(name), null);
      assert.equal(
        await check(name, { out: 18_000_000n, slippage: 50 }),
        null,
        'a better quote, less slippage',
      );
    });

  test('a route not spending the wallet’s tokens (another authority) is not the wallet’s business', async () => {
    assert.equal(await check('route', { fee: 50 }, { authority: THEIRS, destination: THEIRS }), null);
    assert.equal(await check('shared_accounts_exact_out_route', {}, { authority: THEIRS }), null);
  });

  test('a ledger route carries no input amount: none is checked', async () => {
    assert.equal(await check('route_with_token_ledger', { in: 5n }), null);
  });
});

describe('Jupiter route checks: what they refuse, word for word', () => {
  test('an instruction of the program that is not a route', async () => {
    assert.equal(
      await jupiterRouteRefusal(
        where,
        Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0),
        accounts('route'),
        expected,
      ),
      `${where} is a Jupiter instruction that is not a route this service checks`,
    );
  });

  for (const name of ['exact_out_route', 'shared_accounts_exact_out_route'])
    test(`${name}: exact-out is not the swap asked for`, async () => {
      assert.equal(
        await check(name),
        `${where} is a Jupiter exact-out route, not the exact-in swap this service asks for`,
      );
    });

  test('the output to an account that is not the wallet’s, directly or through the destination override', async () => {
    assert.equal(
      await check('route', {}, { destination: THEIRS }),
      `${where} (Jupiter route) delivers to ${THEIRS}, which is not the wallet's token account`,
    );
    assert.equal(
      await check('route', {}, { optional: THEIRS }),
      `${where} (Jupiter route) delivers to ${THEIRS}, which is not the wallet's token account`,
    );
    assert.equal(
      await check('route', {}, { destination: THEIRS, optional: OWN_USDC }),
      null,
      'the override wins',
    );
    assert.equal(
      await check('shared_accounts_route', {}, { destination: THEIRS }),
      `${where} (Jupiter shared_accounts_route) delivers to ${THEIRS}, which is not the wallet's token account`,
    );
  });

  test('a destination or mint from an address lookup table, which cannot be checked', async () => {
    const message = `${where} (Jupiter route) takes its destination from an address lookup table, which cannot be checked`;
    assert.equal(await check('route', {}, { destination: null }), message);
    assert.equal(await check('route', {}, { mint: null }), message);
    assert.equal(
      await check('route', {}, { optional: null }),
      null,
      'no override read: the destination is used',
    );
  });

  test('another output token', async () => {
    assert.equal(
      await check('route', {}, { mint: SOL }),
      `${where} (Jupiter route) buys ${SOL}, not ${USDC}`,
    );
  });

  test('data too short for the arguments', async () => {
    const short = Uint8Array.from([...discriminator('route'), 0, 0, 0, 0, 1, 2, 3]);
    assert.equal(
      await jupiterRouteRefusal(where, short, accounts('route'), expected),
      `${where} (Jupiter route) is too short to be a route`,
    );
    const ledgerShort = Uint8Array.from([
      ...discriminator('route_with_token_ledger'),
      0,
      0,
      0,
      ...new Uint8Array(11),
    ]);
    assert.equal(
      await jupiterRouteRefusal(where, ledgerShort, accounts('route_with_token_ledger'), expected),
      `${where} (Jupiter route_with_token_ledger) is too short to be a route`,
    );
  });

  test('a platform fee, more slippage than asked, a lower quote, another input amount', async () => {
    assert.equal(await check('route', { fee: 1 }), `${where} (Jupiter route) takes a platform fee of 1 bps`);
    assert.equal(
      await check('route', { slippage: 101 }),
      `${where} (Jupiter route) allows 101 bps of slippage, more than the 100 asked for`,
    );
    assert.equal(
      await check('route', { out: 16_999_999n }),
      `${where} (Jupiter route) quotes 16999999 out, below the 17000000 quoted`,
    );
    assert.equal(
      await check('route', { in: 999_999n }),
      `${where} (Jupiter route) spends 999999, not the 1000000 asked for`,
    );
    assert.equal(
      await check('shared_accounts_route', { in: 1_000_001n }),
      `${where} (Jupiter shared_accounts_route) spends 1000001, not the 1000000 asked for`,
    );
  });
});
