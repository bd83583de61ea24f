// A send whose recipient is a token contract loses the funds for good: an ERC20 contract has no
// owner who could move tokens credited to its own address, and ETH it accepts is credited to the
// sender as wrapped tokens at best. Native and ERC20 sends to one are refused before signing
// (contract calls are not: `POST /contracts/send` is the way to call a token on purpose).
import { type Address, erc20Abi, type Hex, isAddressEqual, type PublicClient } from 'viem';
import { AppError } from '../../errors/app-error.ts';
import type { Chain } from '../chain-registry.ts';
import { rpcError } from '../rpc-clients.ts';
import { isTransportFailure } from './evm-outcomes.ts';

const refused = (to: Address, what: string) =>
  new AppError(
    'INVALID_INPUT',
    `to: ${to} is ${what}, not a wallet: funds sent there would be lost (use POST /contracts/send to call a token contract on purpose)`,
    { details: [{ path: 'to', message: 'is a token contract' }] },
  );

/**
 * Refuses a send to its own token or to any ERC20 contract: a recipient with code that answers both
 * `totalSupply()` and `decimals()` (a multisig or a vault that is not a token still receives).
 * `code` is the recipient's code, read with the other pre-signing checks.
 */
export async function refuseTokenRecipient(
  client: PublicClient,
  chain: Chain,
  write: { tokenSpend?: { token: Address } },
  recipient: Address | undefined,
  code: Hex | undefined | null,
): Promise<void> {
  if (!recipient) return;
  if (write.tokenSpend && isAddressEqual(recipient, write.tokenSpend.token))
    throw refused(recipient, 'the token contract itself');
  if (!code || code === '0x') return;
  const probes = await Promise.allSettled([
    client.readContract({ address: recipient, abi: erc20Abi, functionName: 'totalSupply' }),
    client.readContract({ address: recipient, abi: erc20Abi, functionName: 'decimals' }),
  ]);
  if (probes.every((p) => p.status === 'fulfilled'))
    throw refused(recipient, `an ERC20 token contract on ${chain.slug}`);
  // A probe that failed for want of the node (not a revert) proves nothing either way: say so.
  for (const p of probes)
    if (p.status === 'rejected' && isTransportFailure(p.reason)) throw rpcError(chain, p.reason);
}
