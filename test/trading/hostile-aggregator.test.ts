// An aggregator's transaction is looked at before the wallet signs it (issue 11, item 4): a hostile or
// broken 1inch or Jupiter cannot make the wallet call another contract, pay someone else, or hand over
// control of its tokens. Refused with 502 SEND_FAILED naming what was wrong; nothing is signed.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { getApproveInstruction } from '@solana-program/token';
import type { UserId } from '../../src/domain/ids.ts';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream.ts';
import { quoteFor, swapAnswer, USDC_MINT } from '../fakes/jupiter-payloads.ts';
import { ONEINCH_ROUTER, swapResponse, USDC_BASE } from '../fakes/oneinch-payloads.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';

const ATTACKER_EVM = '0x000000000000000000000000000000000000bad1';
const ATTACKER = address('BadAcct1111111111111111111111111111111111111');

/** A transaction paid by `wallet` with the given instructions, as an aggregator would return it. */
function built(wallet: string, instructions: Instruction[]): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(wallet), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1000n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [getSetComputeUnitLimitInstruction({ units: 200_000 }), ...instructions],
        m,
      ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

describe('a hostile aggregator', () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let user: { key: string; userId: UserId };
  before(async () => {
    fake = await startFakeUpstream();
    app = await startTestApp({
      env: {
        ONEINCH_API_URL: `${fake.url}/1inch`,
        ONEINCH_API_KEY: 'test-key',
        JUPITER_API_URL: `${fake.url}/jup/swap/v1`,
        RATE_LIMIT_WRITE_PER_MINUTE: '1000',
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
