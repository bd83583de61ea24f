import type { ApproveBody, ContractBody, PreparedWrite, SendBody } from '../../chains/chain-family.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import { AppError } from '../../errors/app-error.ts';
import type { WriteSpend } from '../key-write-rules.ts';

export type { ApproveBody, ContractBody, SendBody };

/**
 * A write, checked against its chain family's rules and reduced to what that family executes
 * (chains/chain-family.ts): what the Transaction shows, what the API key's policy counts, and the
 * family's checks, which the write path runs.
 */
export type WriteIntent = PreparedWrite;

/** The family's builder of a write kind it may not have: a request for another family is refused. */
function offered<B>(
  build: ((chain: PreparedWrite['chain'], body: B) => PreparedWrite) | undefined,
  endpoint: string,
  label: string,
  chain: PreparedWrite['chain'],
): (chain: PreparedWrite['chain'], body: B) => PreparedWrite {
  if (!build)
    throw new AppError('CHAIN_UNKNOWN', `${endpoint} is for EVM chains; ${chain.slug} is a ${label} chain`, {
      details: [{ path: 'chain', message: 'must be an EVM chain' }],
    });
  return build;
}

/**
 * Validates a send against its chain (DESIGN A9): the asset must fit the chain's family, `token` is
 * required for token sends and refused for native ones, amounts fit the family's range.
 */
export function sendIntent(families: ChainFamilies, body: SendBody): WriteIntent {
  const { chain, family } = families.get(body.chain);
  return family.send(chain, body);
}

export function approveIntent(families: ChainFamilies, body: ApproveBody): WriteIntent {
  const { chain, family } = families.get(body.chain);
  return offered(family.approve, 'POST /token/approve', family.label, chain)(chain, body);
}

export function contractIntent(families: ChainFamilies, body: ContractBody): WriteIntent {
  const { chain, family } = families.get(body.chain);
  return offered(family.contract, 'POST /contracts/send', family.label, chain)(chain, body);
}

/**
 * What a write moves, for the rules of the API key that asks for it (src/app/key-write-rules.ts):
 * native value and token amounts leaving the wallet (fees are not counted), the recipient of a
 * send, the spender of an approval; for a contract call, the contract, the native value it pays
 * it, and the token transfers and approvals its call data makes (its family decodes them).
 */
export const writeSpendOf = (intent: WriteIntent): WriteSpend => intent.spend;
