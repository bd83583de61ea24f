import type { ApproveBody, ContractBody, PreparedWrite, SendBody } from '../../chains/chain-family.ts';
import type { Chain } from '../../chains/chain-registry.ts';
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

/**
 * The builder of a write kind that only some families have (approvals, contract calls): a request on
 * a chain whose family has none is refused, naming the families that do.
 */
function builder<K extends 'approve' | 'contract'>(
  families: ChainFamilies,
  chain: Chain,
  kind: K,
  endpoint: string,
) {
  const build = families.of(chain)[kind];
  if (build) return build;
  const offering = families
    .all()
    .filter((f) => f[kind] !== undefined)
    .map((f) => f.label)
    .join(' or ');
  throw new AppError(
    'CHAIN_UNKNOWN',
    `${endpoint} is for ${offering} chains; ${chain.slug} is a ${families.of(chain).label} chain`,
    { details: [{ path: 'chain', message: `must be an ${offering} chain` }] },
  );
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
  const { chain } = families.get(body.chain);
  return builder(families, chain, 'approve', 'POST /token/approve')(chain, body);
}

export function contractIntent(families: ChainFamilies, body: ContractBody): WriteIntent {
  const { chain } = families.get(body.chain);
  return builder(families, chain, 'contract', 'POST /contracts/send')(chain, body);
}

/**
 * What a write moves, for the rules of the API key that asks for it (src/app/key-write-rules.ts):
 * native value and token amounts leaving the wallet (fees are not counted), the recipient of a
 * send, the spender of an approval; for a contract call, the contract, the native value it pays
 * it, and the token transfers and approvals its call data makes (its family decodes them).
 */
export const writeSpendOf = (intent: WriteIntent): WriteSpend => intent.spend;
