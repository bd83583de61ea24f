import type { Address } from 'viem';
import type { KeyPolicyInput } from '../../src/app/key-policies.ts';
import type { TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const ETH = 10n ** 18n;

/** A user with a funded wallet, an agent key with approval rules, and an approver key. */
export async function agentAndApprover(app: TestApp, policy: KeyPolicyInput) {
  const user = await app.newUser();
  const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
  await fund({ chain: 'evm-localnet', address, amount: 10n * ETH });
  const agent = await app.services.apiKeys.create(user.userId, { name: 'agent', policy });
  const approver = await app.services.apiKeys.create(user.userId, {
    name: 'phone',
    policy: { scopes: ['read', 'approve'] },
  });
  return { ...user, address, agent: agent.key, approver: approver.key };
}
