// What a hostile 1inch or Jupiter builds is read before the wallet signs it (issue 26 item 6): the
// 1inch router call is decoded and held to the swap asked for (receiver, input token and amount,
// output token, least return), and Jupiter's route instructions must deliver the mint asked for to
// the wallet's own token account, with no fee and no extra slippage; token instructions that move or
// burn the wallet's tokens (Token-2022's TransferCheckedWithFee, Burn) are refused. Refused with 502
// SEND_FAILED naming what was wrong; a swap that passes goes on to the chain (here an RPC on a closed
// port: 502 PROVIDER_RPC_ERROR).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { address, createNoopSigner, type Instruction } from '@solana/kit';
import { findAssociatedTokenPda, getBurnInstruction } from '@solana-program/token';
import { encodeFunctionData, type Hex, parseAbiItem } from 'viem';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/chains/solana/solana-transfers.ts';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream.ts';
import {
  transactionFor as built,
  JUPITER_PROGRAM,
  quoteFor,
  swapAnswer,
  USDC_MINT,
} from '../fakes/jupiter-payloads.ts';
import { ONEINCH_ROUTER, swapResponse, USDC_BASE } from '../fakes/oneinch-payloads.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';
import { freePort } from '../support/processes.ts';

const ATTACKER_EVM = '0x000000000000000000000000000000000000bad1';
const ATTACKER = address('BadAcct1111111111111111111111111111111111111');

// The 1inch v6 router methods, as its contract declares them (Address values are uint256).
const V6 = {
  swap: parseAbiItem(
    'function swap(address executor, (address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc, bytes data)',
  ),
  ethUnoswapTo: parseAbiItem('function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex)'),
};
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const EXECUTOR = '0x5141b82f5ffda4c6fe1e372978f1c5427640a190';
/** 1inch's quote for 1000 wei of ETH in these tests, and what 1% slippage leaves of it. */
const DST = 5_000_000n;
const LEAST = 4_950_000n;

describe('a hostile 1inch: the router call is held to the swap asked for', () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let wallet: string;
  let key: string;
  before(async () => {
    fake = await startFakeUpstream();
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startTestApp({
      env: {
        ONEINCH_API_URL: `${fake.url}/1inch`,
        ONEINCH_API_KEY: 'test-key',
        RATE_LIMIT_WRITE_PER_MINUTE: '1000',
        RPC_URL_BASE: dead,
      },
    });
    const user = await app.newUser();
    key = user.key;
    wallet = await walletOf(app, user.userId, 'ethereum');
    fake.on('GET', '/1inch/swap/v6.0/8453/approve/spender', () => ({
      status: 200,
      json: { address: ONEINCH_ROUTER },
    }));
  });
  after(async () => {
    await app.stop();
    await fake.close();
  });

  const swapWith = async (data: Hex) => {
    fake.on('GET', '/1inch/swap/v6.0/8453/swap', () =>
      swapResponse({ from: wallet.toLowerCase(), value: '1000', data }, DST.toString()),
    );
    return app.post(
      '/api/v1/trade/swap',
      { chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1000', slippage: 1 },
      key,
      { 'idempotency-key': randomUUID() },
    );
  };
  const generic = (desc: Partial<Record<string, unknown>>) =>
    encodeFunctionData({
      abi: [V6.swap],
      args: [
        EXECUTOR,
        {
          srcToken: NATIVE,
          dstToken: USDC_BASE,
          srcReceiver: EXECUTOR,
          dstReceiver: wallet as Hex,
          amount: 1000n,
          minReturnAmount: LEAST,
          flags: 0n,
          ...desc,
        } as never,
        '0x',
      ],
    });
  const refusedWith = async (res: Response, pattern: RegExp) => {
    const body = await res.json();
    assert.equal(res.status, 502, JSON.stringify(body));
    assert.equal(body.code, 'SEND_FAILED');
    assert.match(body.error, /refused, nothing was signed/);
    assert.match(body.error, pattern);
  };

  test('output sent to someone else (swap dstReceiver, ethUnoswapTo to) is refused', async () => {
    await refusedWith(
      await swapWith(generic({ dstReceiver: ATTACKER_EVM })),
      /swap sends the output to 0x0+bad1/i,
    );
    const to = BigInt(ATTACKER_EVM);
    await refusedWith(
      await swapWith(encodeFunctionData({ abi: [V6.ethUnoswapTo], args: [to, LEAST, 1n] })),
      /ethUnoswapTo sends the output to 0x0+bad1/i,
    );
  });

  test('another input token or amount, another output token, or a least return below the slippage is refused', async () => {
    await refusedWith(await swapWith(generic({ srcToken: USDC_BASE })), /spends 0x833589f.*, not 0xEeee/i);
    await refusedWith(await swapWith(generic({ amount: 999n })), /spends 999, not the 1000 asked for/);
    await refusedWith(await swapWith(generic({ dstToken: ATTACKER_EVM })), /buys 0x0+bad1/i);
    await refusedWith(
      await swapWith(generic({ minReturnAmount: LEAST - 1n })),
      /accepts 4949999 in return, below the 4950000 that 1% slippage from 5000000 allows/,
    );
  });

  test('a router method the service cannot read is refused; ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS lets it through', async () => {
    const unknown = '0xdeadbeef0000000000000000000000000000000000000000000000000000000000000001';
    await refusedWith(await swapWith(unknown), /router method 0xdeadbeef, which this service cannot check/);
    await refusedWith(await swapWith('0x07ed2379000000000000000000000000'), /does not decode/);
    const trusting = await startTestApp({
      env: {
        ONEINCH_API_URL: `${fake.url}/1inch`,
        ONEINCH_API_KEY: 'test-key',
        RPC_URL_BASE: `http://127.0.0.1:${await freePort()}`,
        ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS: 'on',
      },
    });
    try {
      const other = await trusting.newUser();
      const from = await walletOf(trusting, other.userId, 'ethereum');
      fake.on('GET', '/1inch/swap/v6.0/8453/swap', () =>
        swapResponse({ from: from.toLowerCase(), value: '1000', data: unknown }, DST.toString()),
      );
      const res = await trusting.post(
        '/api/v1/trade/swap',
        { chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1000' },
        other.key,
        { 'idempotency-key': randomUUID() },
      );
      assert.equal((await res.json()).code, 'PROVIDER_RPC_ERROR', 'past the checks, on to the chain');
    } finally {
      await trusting.stop();
    }
  });

  test('the swap asked for passes the checks (and goes on to the chain)', async () => {
    const res = await swapWith(generic({}));
    const body = await res.json();
    assert.equal(body.code, 'PROVIDER_RPC_ERROR', JSON.stringify(body));
  });
});

describe('a hostile Jupiter: its route instructions and token instructions are read', () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let wallet: string;
  let key: string;
  before(async () => {
    fake = await startFakeUpstream();
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startTestApp({
      env: {
        JUPITER_API_URL: `${fake.url}/jup/swap/v1`,
        RATE_LIMIT_WRITE_PER_MINUTE: '1000',
        RPC_URL_SOLANA: dead,
      },
    });
    const user = await app.newUser();
    key = user.key;
    wallet = await walletOf(app, user.userId, 'solana');
    fake.on('GET', '/jup/swap/v1/quote', (r) => quoteFor(r.query, '17057460'));
  });
  after(async () => {
    await app.stop();
    await fake.close();
  });

  const swapWith = async (instructions: Instruction[]) => {
    const wire = built(wallet, instructions);
    fake.on('POST', '/jup/swap/v1/swap', () => swapAnswer(wire));
    return app.post(
      '/api/v1/trade/swap',
      { chain: 'solana', fromToken: 'NATIVE', toToken: USDC_MINT, amount: '1000000', slippage: 1 },
      key,
      { 'idempotency-key': randomUUID() },
    );
  };
  const ownUsdc = async () =>
    (
      await findAssociatedTokenPda({
        owner: address(wallet),
        mint: address(USDC_MINT),
        tokenProgram: TOKEN_PROGRAM,
      })
    )[0];
  /** Jupiter v6 `route`: accounts by its IDL; data ends with in, quoted out, slippage bps, fee bps. */
  const route = (o: {
    destination?: string;
    mint?: string;
    feeBps?: number;
    slippageBps?: number;
    inAmount?: bigint;
  }) => {
    const tail = new DataView(new ArrayBuffer(19));
    tail.setBigUint64(0, o.inAmount ?? 1_000_000n, true);
    tail.setBigUint64(8, 17_057_460n, true);
    tail.setUint16(16, o.slippageBps ?? 100, true);
    tail.setUint8(18, o.feeBps ?? 0);
    const jup = address(JUPITER_PROGRAM);
    const roles = (a: string, role: number) => ({ address: address(a), role });
    return async (): Promise<Instruction> => ({
      programAddress: jup,
      accounts: [
        roles(TOKEN_PROGRAM, 0),
        roles(wallet, 2),
        roles(ATTACKER, 1),
        roles(o.destination ?? (await ownUsdc()), 1),
        roles(JUPITER_PROGRAM, 0),
        roles(o.mint ?? USDC_MINT, 0),
        roles(JUPITER_PROGRAM, 0),
        roles('D8cy77BBepLMngZx6ZukaTff5hCt1HrWyKk3Hnd9oitf', 0),
        roles(JUPITER_PROGRAM, 0),
      ] as never,
      data: new Uint8Array([
        229,
        23,
        203,
        151,
        122,
        227,
        173,
        42,
        1,
        0,
        0,
        0,
        7,
        ...new Uint8Array(tail.buffer),
      ]),
    });
  };
  const refusedWith = async (res: Response, pattern: RegExp) => {
    const body = await res.json();
    assert.equal(res.status, 502, JSON.stringify(body));
    assert.equal(body.code, 'SEND_FAILED');
    assert.match(body.error, pattern);
  };

  test('a route delivering to another account, buying another mint or taking a fee is refused', async () => {
    await refusedWith(
      await swapWith([await route({ destination: ATTACKER })()]),
      /delivers to BadAcct1.*not the wallet's token account/,
    );
    await refusedWith(
      await swapWith([await route({ mint: 'So11111111111111111111111111111111111111112' })()]),
      /buys So111.*, not EPjFWdd5/,
    );
    await refusedWith(await swapWith([await route({ feeBps: 50 })()]), /takes a platform fee of 50 bps/);
    await refusedWith(await swapWith([await route({ slippageBps: 5000 })()]), /allows 5000 bps of slippage/);
    await refusedWith(
      await swapWith([await route({ inAmount: 2_000_000n })()]),
      /spends 2000000, not the 1000000/,
    );
  });

  test('Token-2022 TransferCheckedWithFee and Burn of the wallet’s tokens are refused', async () => {
    const source = (
      await findAssociatedTokenPda({
        owner: address(wallet),
        mint: address(USDC_MINT),
        tokenProgram: TOKEN_2022_PROGRAM,
      })
    )[0];
    const withFee: Instruction = {
      programAddress: address(TOKEN_2022_PROGRAM),
      accounts: [
        { address: source, role: 1 },
        { address: address(USDC_MINT), role: 0 },
        { address: ATTACKER, role: 1 },
        { address: address(wallet), role: 2 },
      ] as never,
      // TransferFeeExtension (26), TransferCheckedWithFee (1), amount, decimals, fee.
      data: new Uint8Array([26, 1, 64, 66, 15, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]),
    };
    await refusedWith(await swapWith([withFee, await route({})()]), /moves the wallet's tokens to BadAcct1/);
    const burn = getBurnInstruction({
      account: await ownUsdc(),
      mint: address(USDC_MINT),
      authority: createNoopSigner(address(wallet)),
      amount: 1n,
    });
    await refusedWith(
      await swapWith([burn, await route({})()]),
      /token instruction \(8\) on the wallet's accounts/,
    );
  });

  test('a route to the wallet’s own account of the mint asked for passes the checks', async () => {
    const body = await (await swapWith([await route({})()])).json();
    assert.equal(body.code, 'PROVIDER_RPC_ERROR', JSON.stringify(body));
  });
});
