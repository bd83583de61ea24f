// An API key's policy as stored and read back, and the exact words of its refusals (README "API key
// scopes and spend limits"): edges a changed comparison or message would move, found by
// `npm run test:mutation`. The arithmetic of the rules is in key-policy-rules.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { privateKeyToAddress } from 'viem/accounts';
import { NO_FINER_RULES } from '../../src/app/key-finer-rules.ts';
import {
  checkChain,
  checkScope,
  isUnrestricted,
  type KeyPolicy,
  type KeyPolicyInput,
  loadKeyPolicy,
  parseKeyPolicy,
  policyAsset,
  storeKeyPolicy,
  UNRESTRICTED,
} from '../../src/app/key-policies.ts';
import { type ApprovalSpend, checkWrite, type WriteSpend } from '../../src/app/key-write-rules.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { WRAPPED_SOL_MINT } from '../../src/domain/native-aliases.ts';

const chains = createChainRegistry({});
const policy = (input: KeyPolicyInput) => parseKeyPolicy(chains, input);
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** n distinct EVM addresses, in lower case. */
const evmAddresses = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    privateKeyToAddress(`0x${(i + 1).toString(16).padStart(64, '0')}`).toLowerCase(),
  );

function refused(run: () => unknown, path: string, message: string | RegExp) {
  assert.throws(run, (err: { code?: string; message?: string; details?: { path: string }[] }) => {
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(err.details?.[0]?.path, path);
    if (typeof message === 'string') assert.ok(err.message?.includes(message), err.message);
    else assert.match(err.message ?? '', message);
    return true;
  });
}
function forbidden(run: () => unknown, message: string) {
  assert.throws(run, (err: { code?: string; message?: string }) => {
    assert.equal(err.code, 'FORBIDDEN');
    assert.equal(err.message, message);
    return true;
  });
}

describe('a key policy: assets, lists and refusals', () => {
  test('a key from before policies may use every scope and chain, with no limit and no unlimited approval', () => {
    assert.deepEqual(
      { ...UNRESTRICTED },
      {
        scopes: ['read', 'write', 'trade', 'webhooks'],
        chains: null,
        limits: [],
        recipients: null,
        contracts: null,
        allowUnlimitedApprovals: false,
        // issue 30's rules: none, and never the approve scope
        ...NO_FINER_RULES,
      },
    );
  });

  test('native is native on every chain; wrapped SOL is native only on Solana; EVM tokens in lower case', () => {
    assert.equal(policyAsset('ethereum', 'native'), 'native');
    assert.equal(policyAsset('solana', 'native'), 'native');
    assert.equal(policyAsset('solana', WRAPPED_SOL_MINT), 'native');
    assert.equal(policyAsset('solana', MINT), MINT);
    assert.equal(policyAsset('ethereum', '0xABCdef'), '0xabcdef');
    assert.equal(policyAsset('ethereum', WRAPPED_SOL_MINT), WRAPPED_SOL_MINT.toLowerCase());
  });

  test('an allowlist takes 100 addresses, not 101', () => {
    assert.equal(policy({ recipients: evmAddresses(100) }).recipients?.length, 100);
    refused(() => policy({ recipients: evmAddresses(101) }), 'recipients', 'at most 100 addresses');
    refused(
      () => policy({ contracts: ['0x1234'] }),
      'contracts[0]',
      'must be an EVM address or a Solana address',
    );
  });

  test('a key takes 100 limits, not 101', () => {
    const limits = (n: number) => evmAddresses(n).map((asset) => ({ chain: 'base', asset, perDay: '1' }));
    assert.equal(policy({ limits: limits(100) }).limits.length, 100);
    refused(() => policy({ limits: limits(101) }), 'limits', 'at most 100 limits');
  });

  test('scope refusals list the scopes there are', () => {
    refused(() => policy({ scopes: ['admin'] }), 'scopes', 'use read, write, trade, webhooks');
    refused(() => policy({ scopes: [] }), 'scopes', 'choose at least one of read, write, trade, webhooks');
  });

  test('a limit refusal names the field of the limit', () => {
    refused(
      () => policy({ limits: [{ chain: 'mars', asset: 'native', perDay: '1' }] }),
      'limits[0].chain',
      'mars',
    );
    refused(
      () => policy({ limits: [{ chain: 'base', asset: 'nope', perDay: '1' }] }),
      'limits[0].asset',
      'nope',
    );
  });

  test('a second limit for SOL says that wrapped SOL is native SOL; on EVM or for a token it does not', () => {
    refused(
      () =>
        policy({
          limits: [
            { chain: 'solana', asset: 'native', perDay: '1' },
            { chain: 'solana', asset: WRAPPED_SOL_MINT, perDay: '1' },
          ],
        }),
      'limits[1]',
      'a second limit for native on solana (wrapped SOL is native SOL)',
    );
    for (const [chain, asset, named] of [
      ['base', 'native', 'native'],
      ['solana', MINT, MINT],
    ] as const)
      refused(
        () =>
          policy({
            limits: [
              { chain, asset, perDay: '1' },
              { chain, asset, perDay: '2' },
            ],
          }),
        'limits[1]',
        new RegExp(`a second limit for ${named} on ${chain}$`),
      );
  });

  test('isUnrestricted is false as soon as any one rule is set', () => {
    assert.equal(isUnrestricted(UNRESTRICTED), true);
    const one: KeyPolicyInput[] = [
      { scopes: ['read', 'write'] },
      { chains: ['base'] },
      { limits: [{ chain: 'base', asset: 'native', perDay: '1' }] },
      { recipients: evmAddresses(1) },
      { contracts: evmAddresses(1) },
    ];
    for (const input of one) assert.equal(isUnrestricted(policy(input)), false, JSON.stringify(input));
  });

  test('isUnrestricted needs exactly the default scopes: adding approve, or swapping one for it, restricts', () => {
    assert.equal(isUnrestricted(policy({ scopes: ['read', 'write', 'trade', 'webhooks'] })), true);
    assert.equal(
      isUnrestricted(policy({ scopes: ['read', 'write', 'trade', 'webhooks', 'approve'] })),
      false,
    );
    assert.equal(isUnrestricted(policy({ scopes: ['read', 'write', 'trade', 'approve'] })), false);
  });

  test('refusals by scope and chain say what the key has', () => {
    const p = policy({ scopes: ['read', 'trade'], chains: ['base', 'solana'] });
    forbidden(
      () => checkScope(p, 'write'),
      'This API key does not have the write scope (it has: read, trade); write is needed for send, token approvals and contract calls',
    );
    forbidden(
      () => checkScope(policy({ scopes: ['write'] }), 'read'),
      'This API key does not have the read scope (it has: write); read is needed for every GET',
    );
    forbidden(
      () => checkScope(policy({ scopes: ['read'] }), 'trade'),
      'This API key does not have the trade scope (it has: read); trade is needed for quotes and swaps',
    );
    forbidden(
      () => checkScope(policy({ scopes: ['read'] }), 'webhooks'),
      'This API key does not have the webhooks scope (it has: read); webhooks is needed to manage webhook endpoints',
    );
    forbidden(
      () => checkScope(policy({ scopes: ['read'] }), 'approve'),
      'This API key does not have the approve scope (it has: read); approve is needed to list and decide on writes waiting for approval, and is never part of a key created without naming scopes',
    );
    forbidden(
      () => checkChain(p, 'ethereum'),
      'This API key may not use chain ethereum (allowed: base, solana)',
    );
  });
});

describe('a key policy stored and read back', () => {
  const full: KeyPolicy = policy({
    scopes: ['read', 'write'],
    chains: ['base', 'solana'],
    limits: [
      { chain: 'base', asset: 'native', perTransaction: '5' },
      { chain: 'solana', asset: MINT, perDay: '7' },
    ],
    recipients: evmAddresses(1),
    contracts: evmAddresses(2),
    allowUnlimitedApprovals: true,
  });

  test('is stored as plain JSON, amounts as decimal strings', () => {
    assert.deepEqual(storeKeyPolicy(full), {
      scopes: ['read', 'write'],
      chains: ['base', 'solana'],
      limits: [
        { chain: 'base', asset: 'native', perTransaction: '5', perDay: null },
        { chain: 'solana', asset: MINT, perTransaction: null, perDay: '7' },
      ],
      recipients: evmAddresses(1),
      contracts: evmAddresses(2),
      allowUnlimitedApprovals: true,
    });
    assert.deepEqual(loadKeyPolicy(JSON.parse(JSON.stringify(storeKeyPolicy(full)))), full);
  });

  test('nothing stored, or no scopes stored, is a key from before policies', () => {
    assert.equal(loadKeyPolicy(null), UNRESTRICTED);
    assert.equal(loadKeyPolicy(undefined), UNRESTRICTED);
    assert.equal(loadKeyPolicy({}), UNRESTRICTED);
    assert.equal(loadKeyPolicy({ chains: ['base'] }), UNRESTRICTED);
  });

  test('parts missing from a stored policy read as unset, and scopes in their order', () => {
    assert.deepEqual(loadKeyPolicy({ scopes: ['trade', 'read'] }), {
      scopes: ['read', 'trade'],
      chains: null,
      limits: [],
      recipients: null,
      contracts: null,
      allowUnlimitedApprovals: false,
      ...NO_FINER_RULES,
    });
  });

  test('a stored limit on wrapped SOL and one on SOL merge into one, the stricter of each kind winning', () => {
    const limit = (asset: string, perTransaction: string | null, perDay: string | null) => ({
      chain: 'solana',
      asset,
      perTransaction,
      perDay,
    });
    const merged = (a: ReturnType<typeof limit>, b: ReturnType<typeof limit>) =>
      loadKeyPolicy({ scopes: ['write'], limits: [a, b] }).limits;
    assert.deepEqual(merged(limit('native', '5', null), limit(WRAPPED_SOL_MINT, '3', '9')), [
      { chain: 'solana', asset: 'native', perTransaction: 3n, perDay: 9n },
    ]);
    assert.deepEqual(merged(limit('native', '3', '4'), limit(WRAPPED_SOL_MINT, '5', null)), [
      { chain: 'solana', asset: 'native', perTransaction: 3n, perDay: 4n },
    ]);
    assert.deepEqual(
      merged(limit('native', '3', null), limit(MINT, null, '4')).length,
      2,
      'other assets stay apart',
    );
  });
});

describe('refusals of a write, word for word', () => {
  const ALICE = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
  const [TOKEN = '', CONTRACT = ''] = evmAddresses(2);
  const write = (p: KeyPolicy, extra: Partial<WriteSpend>) =>
    checkWrite(p, { chain: 'base', chainType: 'ethereum', moves: [], ...extra });
  const tokenLimit = policy({ limits: [{ chain: 'base', asset: TOKEN, perTransaction: '10' }] });
  const approval = (over: Partial<ApprovalSpend>): ApprovalSpend => ({
    asset: TOKEN,
    spender: ALICE,
    amount: 11n,
    ...over,
  });
  const UNLIMITED = 'unlimited approvals need a key created with allowUnlimitedApprovals';

  test('an approval over the limit names the function that grants it, unless it is approve', () => {
    forbidden(
      () => write(tokenLimit, { approvals: [approval({ via: 'Permit2 approve' })] }),
      `Approval of 11 (Permit2 approve) exceeds this API key's maximum per transaction of 10 for ${TOKEN} on base; ${UNLIMITED}`,
    );
    forbidden(
      () => write(tokenLimit, { approvals: [approval({ via: 'approve' })] }),
      `Approval of 11 exceeds this API key's maximum per transaction of 10 for ${TOKEN} on base; ${UNLIMITED}`,
    );
  });

  test('an allowance raised by an amount names the function, increaseAllowance when not told', () => {
    for (const [via, name] of [
      [undefined, 'increaseAllowance'],
      ['increaseApproval', 'increaseApproval'],
    ] as const)
      assert.throws(
        () =>
          write(tokenLimit, {
            approvals: [approval({ amount: 1n, increase: true, ...(via ? { via } : {}) })],
          }),
        (err: Error) => err.message.startsWith(`${name} raises an allowance by an amount`),
      );
  });

  test('a call the key cannot read, to no limited token, is refused only when it may move tokens under token rules', () => {
    const unknownCall = {
      reason: 'a call of function 0xdeadbeef, which is not decoded',
      mayMoveTokens: false,
    };
    const nativeOnly = policy({ limits: [{ chain: 'base', asset: 'native', perDay: '10' }] });
    assert.deepEqual(write(nativeOnly, { unknownCall }), []);
    assert.deepEqual(write(nativeOnly, { contract: CONTRACT, unknownCall }), []);
    // On Solana the wrapped SOL mint is native: a native limit does not make it a limited token.
    const sol = policy({ limits: [{ chain: 'solana', asset: 'native', perDay: '10' }] });
    assert.deepEqual(
      checkWrite(sol, {
        chain: 'solana',
        chainType: 'solana',
        moves: [],
        contract: WRAPPED_SOL_MINT,
        unknownCall,
      }),
      [],
    );
  });

  test('a call that may move tokens names every rule it could break', () => {
    const unknownCall = {
      reason: 'a call of function 0xdeadbeef, which is not decoded',
      mayMoveTokens: true,
    };
    const both = policy({
      limits: [
        { chain: 'base', asset: 'native', perDay: '10' },
        { chain: 'base', asset: TOKEN, perDay: '10' },
      ],
      recipients: [ALICE],
    });
    forbidden(
      () => write(both, { contract: CONTRACT, unknownCall }),
      `This API key cannot account for a call to ${CONTRACT}: a call of function 0xdeadbeef, which is not decoded; it may move or grant tokens, and the key has token limits and a recipient allowlist`,
    );
    const mixed = policy({
      limits: [
        { chain: 'base', asset: 'native', perDay: '10' },
        { chain: 'base', asset: TOKEN, perDay: '10' },
      ],
    });
    forbidden(
      () => write(mixed, { unknownCall }),
      'This API key cannot account for a call to a contract: a call of function 0xdeadbeef, which is not decoded; it may move or grant tokens, and the key has token limits',
    );
  });

  test('a call it cannot read to a contract off its allowlist names the contract and every rule', () => {
    const both = policy({
      limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }],
      recipients: [ALICE],
    });
    forbidden(
      () =>
        write(both, {
          contract: CONTRACT,
          unknownCall: {
            reason: 'a call of function 0x12345678, which is not decoded',
            mayMoveTokens: false,
          },
        }),
      `This API key cannot account for a call to ${CONTRACT}: a call of function 0x12345678, which is not decoded; a contract may spend allowances the wallet gave, and the key has token limits and a recipient allowlist, so it calls contracts it cannot read only when they are on its contract allowlist`,
    );
    forbidden(
      () =>
        write(both, {
          unknownCall: {
            reason: 'a call of function 0x12345678, which is not decoded',
            mayMoveTokens: false,
          },
        }),
      'This API key cannot account for a call to a contract: a call of function 0x12345678, which is not decoded; a contract may spend allowances the wallet gave, and the key has token limits and a recipient allowlist, so it calls contracts it cannot read only when they are on its contract allowlist',
    );
  });
});

describe('a stored policy read back', () => {
  test('scopes stored as null are no scopes (the key may do nothing), not an error', () => {
    const loaded = loadKeyPolicy({ scopes: null } as unknown as Parameters<typeof loadKeyPolicy>[0]);
    assert.deepEqual(loaded.scopes, []);
  });
});
