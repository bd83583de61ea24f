// The start-up banner's chain lines: which chains are on, where their RPC is, and whether real
// money is involved, without ever printing a key an RPC URL carries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { chainSummaryLines, rpcOrigin } from '../../src/chains/chain-summary.ts';

test('an RPC URL is shown as scheme, host and port only: no path, query or credentials', () => {
  assert.equal(
    rpcOrigin('https://user:pa55@eth-mainnet.g.alchemy.com/v2/SECRETKEY?x=1'),
    'https://eth-mainnet.g.alchemy.com',
  );
  assert.equal(rpcOrigin('http://127.0.0.1:8545/'), 'http://127.0.0.1:8545');
  assert.equal(rpcOrigin('wss://rpc.example:8443/ws?api-key=SECRET'), 'wss://rpc.example:8443');
});

test('lists each chain with its RPC origin and says when a mainnet is on', () => {
  const chains = createChainRegistry(
    { base: { rpcUrl: 'https://base-mainnet.example/v2/SECRETKEY' } },
    { 'evm-localnet': { rpcUrl: 'http://127.0.0.1:8545' } },
    ['base', 'evm-localnet'],
  ).list();
  const text = chainSummaryLines(chains).join('\n');
  assert.match(text, /^ {2}Chains {5}base {10}https:\/\/base-mainnet\.example$/m);
  assert.match(text, /^ {13}evm-localnet {2}http:\/\/127\.0\.0\.1:8545$/m);
  assert.match(text, /mainnets, real money: base/);
  assert.doesNotMatch(text, /SECRET/);

  const offline = chainSummaryLines(
    createChainRegistry({}, { 'evm-localnet': { rpcUrl: 'http://127.0.0.1:8545' } }, ['evm-localnet']).list(),
  ).join('\n');
  assert.match(offline, /no mainnet \(no real money\)/);
  assert.match(chainSummaryLines([]).join('\n'), /none enabled \(set CHAINS/);
});
