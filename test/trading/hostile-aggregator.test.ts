// An aggregator's transaction is looked at before the wallet signs it (issue 11, item 4): a hostile or
// broken 1inch or Jupiter cannot make the wallet call another contract, pay someone else, or hand over
// control of its tokens. Refused with 502 SEND_FAILED naming what was wrong; nothing is signed.
// (The router call's and Jupiter's route's contents: hostile-aggregator-calls.test.ts.)

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { address, createNoopSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getApproveInstruction } from '@solana-program/token';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import type { UserId } from '../../src/domain/ids.ts';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream.ts';
import { transactionFor as built, quoteFor, swapAnswer, USDC_MINT } from '../fakes/jupiter-payloads.ts';
import { ONEINCH_ROUTER, swapResponse, USDC_BASE } from '../fakes/oneinch-payloads.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';
import { freePort } from '../support/processes.ts';

const ATTACKER_EVM = '0x000000000000000000000000000000000000bad1';
const ATTACKER = address('BadAcct1111111111111111111111111111111111111');

describe('a hostile aggregator', () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let user: { key: string; userId: UserId };
  before(async () => {
    fake = await startFakeUpstream();
    // Chain RPCs on a closed port: a swap that passes every check stops at its first chain read
    // (502 PROVIDER_RPC_ERROR), which tells it apart from a refused one.
    const dead = `http://127.0.0.1:${await freePort()}`;
    app = await startTestApp({
      env: {
        ONEINCH_API_URL: `${fake.url}/1inch`,
        ONEINCH_API_KEY: 'test-key',
        JUPITER_API_URL: `${fake.url}/jup/swap/v1`,
        RATE_LIMIT_WRITE_PER_MINUTE: '1000',
        RPC_URL_BASE: dead,
        RPC_URL_SOLANA: dead,
      },
    });
    user = await app.newUser();
  });
  after(async () => {
    await app.stop();
    await fake.close();
  });

  const swap = (body: Record<string, unknown>) =>
    app.post('/api/v1/trade/swap', body, user.key, { 'idempotency-key': randomUUID() });
  const refused = async (res: Response, pattern: RegExp) => {
    const body = await res.json();
    assert.equal(res.status, 502, JSON.stringify(body));
    assert.equal(body.code, 'SEND_FAILED');
    assert.match(body.error, /refused, nothing was signed/);
    assert.match(body.error, pattern);
  };

  test('an EVM swap that does not call the aggregator’s router is refused', async () => {
    const from = await walletOf(app, user.userId, 'ethereum');
    fake.on('GET', '/1inch/swap/v6.0/8453/approve/spender', () => ({
      status: 200,
      json: { address: ONEINCH_ROUTER },
    }));
    fake.on('GET', '/1inch/swap/v6.0/8453/swap', () =>
      swapResponse({ from, value: '1000', to: ATTACKER_EVM }, '5'),
    );
    await refused(
      await swap({ chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1000' }),
      /calls 0x0{36}bad1, not 1inch's router/i,
    );
  });

  const solanaSwap = (wire: (wallet: string) => string) => async () => {
    const wallet = await walletOf(app, user.userId, 'solana');
    fake.on('GET', '/jup/swap/v1/quote', (r) => quoteFor(r.query));
    fake.on('POST', '/jup/swap/v1/swap', () => swapAnswer(wire(wallet)));
    return swap({ chain: 'solana', fromToken: 'NATIVE', toToken: USDC_MINT, amount: '1000000' });
  };

  test('a Solana swap that pays lamports to someone else is refused', async () => {
    const res = await solanaSwap((wallet) =>
      built(wallet, [
        getTransferSolInstruction({
          source: createNoopSigner(address(wallet)),
          destination: ATTACKER,
          amount: lamports(5n),
        }),
      ]),
    )();
    await refused(res, new RegExp(`pays lamports from the wallet to ${ATTACKER}`));
  });

  test('a Solana swap that approves a delegate over the wallet’s tokens is refused', async () => {
    const res = await solanaSwap((wallet) =>
      built(wallet, [
        getApproveInstruction({
          source: ATTACKER,
          delegate: ATTACKER,
          owner: createNoopSigner(address(wallet)),
          amount: 1n,
        }),
      ]),
    )();
    await refused(res, /give control of the wallet's tokens/);
  });

  test('a Solana swap through a program that is not the aggregator’s is refused', async () => {
    const res = await solanaSwap((wallet) =>
      built(wallet, [{ programAddress: ATTACKER, accounts: [], data: new Uint8Array([1]) }]),
    )();
    await refused(res, new RegExp(`calls program ${ATTACKER}`));
  });
});

describe('aggregator URLs', () => {
  test('plain http is refused except to this machine in local mode (anyone on the path could rewrite a swap)', () => {
    for (const [name, url] of [
      ['ONEINCH_API_URL', 'http://api.1inch.example'],
      ['JUPITER_API_URL', 'http://10.1.2.3/swap/v1'],
    ] as const)
      assert.throws(
        () => loadConfig({ [name]: url }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.problems.some((p) =>
            p.startsWith(`${name}: must use https (plain http is accepted only to this machine`),
          ),
      );
    const local = loadConfig({
      ONEINCH_API_URL: 'http://127.0.0.1:9000',
      JUPITER_API_URL: 'http://localhost:9001/swap/v1',
    });
    assert.equal(local.ONEINCH_API_URL, 'http://127.0.0.1:9000');
  });
});
