// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, decodeFunctionData, type Hex, multicall3Abi } from 'viem';
import { fund } from '../support/devnet.ts';
import {
  bareToken,
  bytes32SymbolToken,
  type EvmActor,
  evmActor,
  gasBurnerToken,
  testTokens,
} from './evm-fixtures.ts';
import { find, type Harness, startHarness } from './harness.ts';

const CHAIN = 'evm-localnet';
const ETH = 10n ** 18n;

/** The number of calls inside the aggregate3 of a recorded JSON-RPC batch. */
function multicallSize(calls: { method: string; params: unknown[] }[]): number {
  const call = calls.find((c) => c.method === 'eth_call');
  const data = (call?.params[0] as { data?: Hex; input?: Hex } | undefined)?.data ?? '0x';
  const { args } = decodeFunctionData({ abi: multicall3Abi, data });
  return (args[0] as readonly unknown[]).length;
}

describe('EVM balances', () => {
  let h: Harness;
  let actor: EvmActor;
  let tusd: Address;
  before(async () => {
    h = await startHarness();
    actor = await evmActor(h.devnet.evm.rpcUrl);
    tusd = h.devnet.evm.testToken.address;
  });
  after(async () => {
    await h?.stop();
  });

  test('shows native and token balances after funding; zero balances only with includeZero', async () => {
    const user = await h.newUser();
    const path = `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tusd}`;
    const empty = await h.get(user, path);
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.balances, [], 'zero balances, native included, are left out by default');

    const zero = await h.get(user, `${path}&includeZero=true`);
    assert.deepEqual(
      zero.body.balances.map((b) => [b.asset, b.token, b.raw, b.decimals, b.symbol]),
      [
        ['native', null, '0', 18, 'ETH'],
        ['erc20', tusd, '0', 6, 'TUSD'],
      ],
    );
    const native = zero.body.balances[0]!;
    assert.equal(native.chainType, 'ethereum');
    assert.equal(native.chainId, 31337);
    assert.equal(native.address, user.evm);
    assert.equal(native.updatedAt, h.clock.now().toISOString());

    await fund({ chain: CHAIN, address: user.evm, amount: 2n * ETH });
    await fund({ chain: CHAIN, address: user.evm, amount: 5_000_000n, token: tusd });
    const funded = await h.get(user, `${path}&fresh=true`);
    assert.equal(find(funded.body, 'native')?.raw, (2n * ETH).toString());
    assert.equal(find(funded.body, tusd)?.raw, '5000000');

    const nativeOnly = await h.get(user, `/api/v1/wallets/balances?chain=${CHAIN}`);
    assert.deepEqual(
      nativeOnly.body.balances.map((b) => b.asset),
      ['native'],
      'without tokens, EVM gives the native balance only',
    );
  });

  test('a transfer into the wallet shows with fresh=true, and without it once the write path invalidates', async () => {
    const user = await h.newUser();
    await actor.mint([tusd], actor.account.address, 1_000_000n);
    const path = `/api/v1/wallets/${user.evm}/balances?chain=${CHAIN}&tokens=${tusd}&includeZero=true`;
    const before = await h.get(user, path);
    assert.equal(find(before.body, tusd)?.raw, '0');

    await actor.transfer(tusd, user.evm, 400_000n);
    const cached = await h.get(user, path);
    assert.deepEqual(cached.body, before.body, 'served from the cache: the same reading');
    const fresh = await h.get(user, `${path}&fresh=true`);
    assert.equal(find(fresh.body, tusd)?.raw, '400000');

    await actor.transfer(tusd, user.evm, 100_000n);
    await h.app.services.balances.invalidate(CHAIN, user.evm.toLowerCase());
    const afterWrite = await h.get(user, path);
    assert.equal(find(afterWrite.body, tusd)?.raw, '500000', 'the invalidated entries are read again');
  });

  test('reads native and 50 tokens in one upstream request, then balances only, then none while cached', async () => {
    const user = await h.newUser();
    const deployed = await actor.deploy([...testTokens(47), bytes32SymbolToken, bareToken]);
    const plain = deployed.slice(0, 47);
    const [b32, bare] = deployed.slice(47) as [Address, Address];
    await actor.mint([...plain.slice(0, 10), b32, bare], user.evm, 7n);
    await fund({ chain: CHAIN, address: user.evm, amount: ETH });
    // An address with no code: not a token, left out even with includeZero.
    const notToken = actor.account.address;
    const tokens = [...deployed, notToken];
    assert.equal(tokens.length, 50);
    const path = `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tokens.join(',')}&includeZero=true`;

    h.evmRpc.reset();
    const cold = await h.get(user, path);
    assert.equal(cold.status, 200);
    assert.deepEqual(
      h.evmRpc.methods,
      [['eth_getBalance', 'eth_call']],
      'one HTTP request: a JSON-RPC batch',
    );
    assert.equal(multicallSize(h.evmRpc.calls[0]!), 150, 'balance, decimals and symbol of each token');
    assert.equal(cold.body.balances.length, 1 + 49);
    assert.equal(find(cold.body, 'native')?.raw, ETH.toString());
    for (const [i, token] of plain.entries()) {
      const b = find(cold.body, token);
      assert.deepEqual([b?.asset, b?.raw, b?.decimals, b?.symbol], ['erc20', i < 10 ? '7' : '0', 6, `T${i}`]);
    }
    assert.deepEqual(
      [find(cold.body, b32)?.raw, find(cold.body, b32)?.decimals, find(cold.body, b32)?.symbol],
      ['7', 18, null],
      'a bytes32 symbol gives null',
    );
    assert.deepEqual(
      [find(cold.body, bare)?.raw, find(cold.body, bare)?.decimals, find(cold.body, bare)?.symbol],
      ['7', null, null],
      'missing (reverting) decimals and symbol give null',
    );
    assert.equal(find(cold.body, notToken), undefined, 'an address that is not a token is left out');

    h.evmRpc.reset();
    const warm = await h.get(user, path);
    assert.equal(h.evmRpc.requests, 0, 'served from the cache');
    assert.deepEqual(warm.body, cold.body);

    const withoutZero = await h.get(user, path.replace('&includeZero=true', ''));
    assert.equal(withoutZero.body.balances.length, 1 + 12, 'native and the 12 funded tokens');
    assert.equal(h.evmRpc.requests, 0);

    h.clock.advance(46_000);
    const expired = await h.get(user, path);
    assert.equal(h.evmRpc.requests, 1);
    assert.equal(
      multicallSize(h.evmRpc.calls[0]!),
      49 + 3,
      'metadata is kept: balances only (the non-token is asked for all three again)',
    );
    assert.deepEqual(
      expired.body.balances.map((b) => [b.token, b.raw, b.decimals, b.symbol]),
      cold.body.balances.map((b) => [b.token, b.raw, b.decimals, b.symbol]),
    );
    assert.notEqual(expired.body.balances[0]?.updatedAt, cold.body.balances[0]?.updatedAt, 'a new reading');
  });

  test('tokens that burn all the gas or precompile addresses do not hide the other tokens', async () => {
    const user = await h.newUser();
    const burners = await actor.deploy([gasBurnerToken, gasBurnerToken]);
    await fund({ chain: CHAIN, address: user.evm, amount: 3_000_000n, token: tusd });
    // 0x04 (identity) would echo a "balance", 0x08 (pairing) fails the whole call: neither is a token.
    const precompiles = [
      '0x0000000000000000000000000000000000000004',
      '0x0000000000000000000000000000000000000008',
    ];
    h.evmRpc.reset();
    const res = await h.get(
      user,
      `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${[...burners, tusd, ...precompiles].join(',')}&includeZero=true`,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.balances.map((b) => [b.token, b.raw]),
      [
        [null, '0'],
        [tusd, '3000000'],
      ],
    );
    assert.equal(h.evmRpc.requests, 2, 'the starved multicall, then the failed calls alone in one batch');
  });

  test('identical concurrent reads make one upstream request', async () => {
    const user = await h.newUser();
    h.evmRpc.reset();
    const path = `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tusd}&includeZero=true`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.get(user, path)));
    assert.ok(answers.every((a) => a.status === 200 && a.body.balances.length === 2));
    assert.equal(h.evmRpc.requests, 1);
  });

  test('lists each token once, whatever the case of its address', async () => {
    const user = await h.newUser();
    const tokens = [tusd, tusd.toLowerCase(), tusd.toUpperCase().replace('0X', '0x')];
    const res = await h.get(
      user,
      `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tokens.join(',')}&includeZero=true`,
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.balances.map((b) => b.token),
      [null, tusd],
      'checksummed in the answer',
    );
  });

  test('refuses more than 50 tokens and malformed token addresses', async () => {
    const user = await h.newUser();
    const many = Array.from({ length: 51 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const tooMany = await h.get(user, `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${many.join(',')}`);
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.code, 'INVALID_INPUT');
    assert.match(tooMany.body.error ?? '', /50/);

    const fifty = await h.get(
      user,
      `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${many.slice(0, 50).join(',')}`,
    );
    assert.equal(fifty.status, 200, '50 is allowed');

    const malformed = await h.get(user, `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tusd},0x1234`);
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.code, 'INVALID_INPUT');
    assert.match(malformed.body.error ?? '', /0x1234/);
  });

  test("another user's wallet is not found; a Solana address or an unknown chain is refused", async () => {
    const user = await h.newUser();
    const other = await h.newUser();
    for (const path of [
      `/api/v1/wallets/balances?chain=${CHAIN}&address=${other.evm}`,
      `/api/v1/wallets/${other.evm}/balances?chain=${CHAIN}`,
    ]) {
      const res = await h.get(user, path);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.code, 'WALLET_NOT_FOUND');
    }
    const own = await h.get(
      user,
      `/api/v1/wallets/${user.evm.toLowerCase()}/balances?chain=${CHAIN}&includeZero=true`,
    );
    assert.equal(own.status, 200, 'an EVM address matches in any case');
    assert.equal(own.body.balances[0]?.address, user.evm);

    const wrongType = await h.get(user, `/api/v1/wallets/${user.solana}/balances?chain=${CHAIN}`);
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.code, 'INVALID_INPUT');

    const unknown = await h.get(user, `/api/v1/wallets/balances?chain=not-a-chain`);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.code, 'CHAIN_UNKNOWN');

    const noChain = await h.get(user, `/api/v1/wallets/${user.evm}/balances`);
    assert.equal(noChain.status, 400, 'chain is required');
    assert.equal(noChain.body.code, 'INVALID_INPUT');
  });
});
