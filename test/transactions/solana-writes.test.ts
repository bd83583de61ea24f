// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda } from '@solana-program/token';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/chains/solana/solana-transfers.ts';
import { clientFor } from '../support/api-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const SOL = 1_000_000_000n;

describe('Solana writes on solana-localnet', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
  });

  async function fundedUser(sol = 2n) {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    if (sol > 0n) await fund({ chain: 'solana-localnet', address: wallet, amount: sol * SOL });
    return { ...user, wallet };
  }
  const balance = async (a: string) =>
    (await ctx.solana.getBalance(address(a), { commitment: 'confirmed' }).send()).value;
  const tokenBalance = async (
    owner: string,
    mint: string,
    tokenProgram: typeof TOKEN_PROGRAM | typeof TOKEN_2022_PROGRAM,
  ) => {
    const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram });
    const { value } = await ctx.solana.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send();
    return BigInt(value.amount);
  };

  test('a SOL send lands, is CONFIRMED, and the recipient receives the lamports', async () => {
    const user = await fundedUser();
    const to = (await generateKeyPairSigner()).address;
    const client = clientFor(app, user.key);
    const { submission } = await client.send({
      chain: 'solana-localnet',
      to,
      asset: 'native',
      amount: '250000000',
    });
    assert.equal(submission.status, 'SUBMITTED');
    assert.match(submission.hash ?? '', /^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'the signature');
    const tx = await client.waitForTransaction(submission.id);
    assert.equal(tx.status, 'CONFIRMED', tx.error ?? undefined);
    assert.equal(tx.chainType, 'solana');
    assert.equal(tx.chainId, -1);
    assert.equal(tx.value, '250000000');
    assert.equal(await balance(to), 250_000_000n);
  });

  for (const [label, program, mintOf] of [
    ['an SPL Token', TOKEN_PROGRAM, () => ctx.info.solana.splMint],
    ['a Token-2022', TOKEN_2022_PROGRAM, () => ctx.info.solana.token2022Mint],
  ] as const) {
    test(`${label} send creates the recipient’s token account and moves the tokens`, async () => {
      const mint = mintOf();
      const user = await fundedUser();
      await fund({ chain: 'solana-localnet', address: user.wallet, amount: 5_000n, token: mint.address });
      const to = (await generateKeyPairSigner()).address;
      const client = clientFor(app, user.key);
      const { submission } = await client.send({
        chain: 'solana-localnet',
        to,
        asset: 'spl',
        token: mint.address,
        amount: '1234',
      });
      const tx = await client.waitForTransaction(submission.id);
      assert.equal(tx.status, 'CONFIRMED', tx.error ?? undefined);
      assert.equal(tx.to, to);
      assert.equal(await tokenBalance(to, mint.address, program), 1234n);
      assert.equal(await tokenBalance(user.wallet, mint.address, program), 5_000n - 1234n);
      // A second send finds the account there and still works.
      const again = await client.send({
        chain: 'solana-localnet',
        to,
        asset: 'spl',
        token: mint.address,
        amount: '6',
      });
      assert.equal((await client.waitForTransaction(again.submission.id)).status, 'CONFIRMED');
      assert.equal(await tokenBalance(to, mint.address, program), 1240n);
    });
  }

  test('checks before signing: lamports, tokens, rent floors, u64, asset and chain type', async () => {
    const user = await fundedUser(1n);
    const to = (await generateKeyPairSigner()).address;
    const send = (body: Record<string, unknown>) =>
      write(app, '/send', { chain: 'solana-localnet', to, asset: 'native', amount: '1', ...body }, user.key);
    const expect = async (res: Response, status: number, code: string, pattern: RegExp) => {
      const body = await res.json();
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(body.code, code);
      assert.match(body.error, pattern);
    };
    await expect(await send({ amount: (2n * SOL).toString() }), 400, 'INSUFFICIENT_FUNDS', /lamports/);
    await expect(
      await send({ amount: (SOL - 10_000n).toString() }),
      400,
      'INSUFFICIENT_FUNDS',
      /rent-exempt/,
    );
    await expect(
      await send({ asset: 'spl', token: ctx.info.solana.splMint.address, amount: '5' }),
      400,
      'INSUFFICIENT_FUNDS',
      /holds 0/,
    );
    await expect(
      await send({ amount: '1000' }),
      400,
      'INVALID_INPUT',
      /would hold 1000 lamports after the send, below Solana's rent-exempt minimum of 890880 lamports for an account; send at least 890880$/,
    );
    await expect(await send({ amount: (2n ** 64n).toString() }), 400, 'INVALID_INPUT', /64-bit/);
    await expect(await send({ amount: '0x10' }), 400, 'INVALID_INPUT', /decimal/);
    await expect(
      await send({ asset: 'erc20', token: ctx.info.solana.splMint.address }),
      400,
      'INVALID_INPUT',
      /erc20 is for EVM/,
    );
    await expect(
      await send({ to: '0x0000000000000000000000000000000000000001' }),
      400,
      'INVALID_INPUT',
      /Solana address/,
    );
    await expect(
      await send({ asset: 'spl', token: to }),
      400,
      'INVALID_INPUT',
      /not an SPL Token or Token-2022 mint/,
    );
  });

  test('a transaction built and co-signed elsewhere is signed by the wallet, sent and tracked', async () => {
    // What an aggregator's swap looks like: built by someone else, paid by the wallet, already
    // signed by another party (here a "pool" paying the recipient).
    const user = await fundedUser(1n);
    const pool = await generateKeyPairSigner();
    await fund({ chain: 'solana-localnet', address: pool.address, amount: SOL });
    const recipient = (await generateKeyPairSigner()).address;
    const { value: latest } = await ctx.solana.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(user.wallet), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: pool, destination: recipient, amount: lamports(3_000_000n) }),
          m,
        ),
    );
    const partial = await partiallySignTransactionMessageWithSigners(message);
    const wire = getBase64EncodedWireTransaction(partial);
    const chain = app.services.chains.get('solana-localnet');
    const { json } = await app.services.transactions.write({
      userId: user.userId,
      idempotencyKey: randomUUID(),
      path: '/trade/swap',
      body: { test: 'prebuilt' },
      // A transaction built elsewhere, as the Solana family prepares an aggregator's swap.
      intent: app.services.families.of(chain).swap(
        chain,
        {
          chainType: 'solana',
          dstAmount: 0n,
          minDstAmount: 0n,
          wire,
          lastValidBlockHeight: latest.lastValidBlockHeight,
          program: pool.address,
          raw: {},
        },
        {
          req: {
            chain,
            fromToken: pool.address,
            toToken: pool.address,
            amount: 0n,
            includeGas: false,
            protocols: null,
            excludeProtocols: null,
          },
          wallet: user.wallet,
          details: { route: 'test' },
        },
      ),
    });
    const tx = await waitForFinal(app, JSON.parse(json).id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.kind, 'swap');
    assert.equal(await balance(recipient), 3_000_000n);
  });

  test('idempotent replay of a Solana send returns the same submission without sending again', async () => {
    const user = await fundedUser();
    const to = (await generateKeyPairSigner()).address;
    const key = randomUUID();
    const body = { chain: 'solana-localnet', to, asset: 'native', amount: '1000000' };
    const first = await write(app, '/send', body, user.key, key);
    const text = await first.text();
    const replay = await write(app, '/send', body, user.key, key);
    assert.equal(await replay.text(), text);
    await waitForFinal(app, JSON.parse(text).id, user.key);
    assert.equal(await balance(to), 1_000_000n);
  });
});
