// @needs devnet
// The ChainFamily contract (src/chains/chain-family.ts): one list of expectations every chain family
// passes on its development chain. A new family adds one entry to `CASES` and must pass them all.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signedRecord } from '../../src/app/transactions/signed-record.ts';
import type { AttemptSigner } from '../../src/chains/chain-adapter.ts';
import type { ChainFamily } from '../../src/chains/chain-family.ts';
import type { Chain } from '../../src/chains/chain-registry.ts';
import { resolveSecrets } from '../../src/config/local-secrets.ts';
import type { UserId } from '../../src/domain/ids.ts';
import type { ChainType, WalletRecord } from '../../src/domain/wallets.ts';
import { newId } from '../../src/support/ids.ts';
import { keyEncryption } from '../../src/wallet-providers/local/key-encryption.ts';
import { localWalletProvider } from '../../src/wallet-providers/local/local-wallet-provider.ts';
import type { WalletProvider } from '../../src/wallet-providers/wallet-provider.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp } from '../support/chain-app.ts';
import { type DevnetInfo, fund } from '../support/devnet.ts';

/** What differs between the families' development chains; the expectations below do not. */
interface FamilyCase {
  chainType: ChainType;
  slug: 'evm-localnet' | 'solana-localnet';
  /** The largest amount the family takes, in base units. */
  max: bigint;
  /** The asset name of a token send. */
  tokenAsset: 'erc20' | 'spl';
  token: (info: DevnetInfo) => string;
  /** A recipient that is not a wallet of ours. */
  stranger: string;
  /** An address of another family, which this one must refuse. */
  foreign: string;
  /** Native units enough for a small send and its fees. */
  funding: bigint;
}

const CASES: FamilyCase[] = [
  {
    chainType: 'ethereum',
    slug: 'evm-localnet',
    max: 2n ** 256n - 1n,
    tokenAsset: 'erc20',
    token: (info) => info.evm.testToken.address,
    stranger: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    foreign: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    funding: 10n ** 18n,
  },
  {
    chainType: 'solana',
    slug: 'solana-localnet',
    max: 2n ** 64n - 1n,
    tokenAsset: 'spl',
    token: (info) => info.solana.splMint.address,
    stranger: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    foreign: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    funding: 1_000_000_000n,
  },
];

function refusedInput(run: () => unknown, field: string) {
  assert.throws(run, (err: { code?: string; details?: { path: string }[] }) => {
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(err.details?.[0]?.path, field);
    return true;
  });
}

/** The record the write path keeps of a signed write (src/app/transactions/submit.ts), as inspect reads it. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the ChainFamily contract, on each development chain', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let provider: WalletProvider;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
    // The service's own local signer, over its database and master key.
    const { masterKey } = resolveSecrets({ WALLET_API_MODE: 'local', DATA_DIR: app.dataDir });
    provider = localWalletProvider({ encryption: keyEncryption(masterKey), db: app.db });
  });
  after(async () => {
    await app.stop();
  });

  async function walletFor(userId: UserId, chainType: ChainType): Promise<WalletRecord> {
    const wallet = (await app.services.wallets.listAll(userId)).find((w) => w.chainType === chainType);
    if (!wallet) throw new Error(`no ${chainType} wallet`);
    return wallet;
  }

  for (const c of CASES) {
    describe(`${c.chainType} on ${c.slug}`, () => {
      let family: ChainFamily;
      let chain: Chain;
      before(() => {
        ({ chain, family } = app.services.families.get(c.slug));
      });

      test('it is the family of its chains', () => {
        assert.equal(family.chainType, c.chainType);
        assert.equal(app.services.families.of(chain), family);
        assert.equal(family.tokenAsset, c.tokenAsset);
      });

      test("it parses its own addresses and refuses another family's", async () => {
        const user = await app.newUser();
        const own = (await walletFor(user.userId, c.chainType)).address;
        assert.equal(family.isAddress(own), true);
        assert.equal(family.addressKey(family.parseAddress('to', own)), family.addressKey(own));
        assert.equal(family.isAddress(c.foreign), false);
        refusedInput(() => family.parseAddress('to', c.foreign), 'to');
        refusedInput(() => family.parseAddress('to', ` ${own}`), 'to');
      });

      test('amounts are exact: the largest is taken, one more is refused, nothing is rounded', () => {
        assert.equal(family.parseAmount('amount', c.max.toString()), c.max);
        assert.equal(family.parseAmount('amount', (c.max - 1n).toString()), c.max - 1n);
        assert.equal(family.parseAmount('amount', '0'), 0n);
        refusedInput(() => family.parseAmount('amount', (c.max + 1n).toString()), 'amount');
        refusedInput(() => family.parseAmount('amount', '1.5'), 'amount');
        refusedInput(() => family.parseAmount('amount', '1e3'), 'amount');
        refusedInput(() => family.parseAmount('amount', '-1'), 'amount');
      });

      test('a prepared send carries the recipient and the amount the key policy counts', () => {
        const native = family.send(chain, {
          chain: c.slug,
          to: c.stranger,
          asset: 'native',
          amount: '12345',
        });
        assert.equal(native.kind, 'send');
        assert.equal(native.to, c.stranger);
        assert.equal(native.spend.chain, c.slug);
        assert.deepEqual(native.spend.recipients, [c.stranger]);
        assert.deepEqual(
          native.spend.moves.filter((m) => m.amount > 0n),
          [{ asset: 'native', amount: 12345n }],
        );
        const token = c.token(ctx.info);
        const tokenSend = family.send(chain, {
          chain: c.slug,
          to: c.stranger,
          asset: c.tokenAsset,
          token,
          amount: '777',
        });
        assert.deepEqual(tokenSend.spend.recipients, [c.stranger]);
        assert.deepEqual(
          tokenSend.spend.moves
            .filter((m) => m.amount > 0n)
            .map((m) => ({ asset: family.policyAsset(m.asset), amount: m.amount })),
          [{ asset: family.policyAsset(token), amount: 777n }],
        );
        refusedInput(
          () => family.send(chain, { chain: c.slug, to: c.stranger, asset: 'native', amount: '1', token }),
          'token',
        );
      });

      test('check refuses a wallet without the funds', async () => {
        const user = await app.newUser();
        const wallet = await walletFor(user.userId, c.chainType);
        // Above Solana's rent-exempt minimum for a new account, which is refused for its own reason.
        const prepared = family.send(chain, {
          chain: c.slug,
          to: c.stranger,
          asset: 'native',
          amount: '1000000',
        });
        await assert.rejects(prepared.check({ wallet, transactionId: newId('tx') }), {
          code: 'INSUFFICIENT_FUNDS',
        });
      });

      test('a native send simulated shows the wallet and the recipient moved by the amount, and a fee', async () => {
        const user = await app.newUser();
        const wallet = await walletFor(user.userId, c.chainType);
        await fund({ chain: c.slug, address: wallet.address, amount: c.funding });
        const to = c.chainType === 'ethereum' ? `0x${'5'.repeat(40)}` : c.stranger;
        const amount = 1_000_000n;
        const sim = await family
          .send(chain, { chain: c.slug, to, asset: 'native', amount: String(amount) })
          .simulate({
            wallet,
          });
        assert.equal(sim.ok, true, sim.failure ?? sim.revert?.reason);
        const byOwner = new Map(sim.balanceChanges.map((b) => [family.addressKey(b.address), b.delta]));
        assert.equal(byOwner.get(family.addressKey(wallet.address)), -amount);
        assert.equal(byOwner.get(family.addressKey(to)), amount);
        assert.ok(sim.fee.amount > 0n && sim.fee.amount <= sim.fee.maxAmount);
      });

      test('a native send checked, signed and broadcast lands, and inspect says so', async () => {
        const user = await app.newUser();
        const wallet = await walletFor(user.userId, c.chainType);
        await fund({ chain: c.slug, address: wallet.address, amount: c.funding });
        const prepared = family.send(chain, {
          chain: c.slug,
          to: c.stranger,
          asset: 'native',
          amount: '1000000',
        });
        const transactionId = newId('tx');
        const checked = await prepared.check({ wallet, transactionId });
        const signer: AttemptSigner = { provider, wallet, transactionId };
        const signed = await checked.sign(signer, null);
        assert.equal(signed.attempt.attempt, 1);
        assert.equal(family.usesNonces, signed.nonce !== null);
        const outcome = await family.broadcast(chain, signed.attempt);
        assert.equal(outcome.kind, 'accepted');
        // The record the write path keeps (PENDING: inspect reads any status but FAILED).
        const tx = signedRecord({
          id: transactionId,
          userId: wallet.userId,
          wallet,
          write: prepared,
          signed,
          now: new Date(),
        });
        // Looked at again until it lands (the development chains make blocks within a second or so).
        let seen = await family.inspect(chain, tx);
        for (let look = 0; look < 100 && seen.kind !== 'landed'; look++) {
          await pause(200);
          seen = await family.inspect(chain, tx);
        }
        assert.equal(seen.kind, 'landed');
        if (seen.kind === 'landed') {
          assert.equal(seen.hash, signed.attempt.hash);
          assert.equal(seen.success, true);
        }
      });

      test('health answers with the latest block', async () => {
        const health = await family.health(chain);
        assert.match(health.latestBlock, /^[0-9]+$/);
      });

      test("a balance read answers with the wallet's native balance", async () => {
        const user = await app.newUser();
        const wallet = await walletFor(user.userId, c.chainType);
        await fund({ chain: c.slug, address: wallet.address, amount: c.funding });
        const read = await family.balances.read({
          chain,
          owner: wallet.address,
          native: true,
          tokens: [],
          knownMeta: async () => new Map(),
          signal: new AbortController().signal,
        });
        assert.equal(read.native, c.funding);
      });
    });
  }
});
