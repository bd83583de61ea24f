// The one place a chain's family is looked up (by its chain type): the use cases ask here once per
// request and never branch on the chain type themselves.
import type { ChainType } from '../domain/wallets.ts';
import type { ChainFamily, FamilyRules } from './chain-family.ts';
import type { Chain, ChainRegistry } from './chain-registry.ts';
import { evmFamily } from './evm/evm-family.ts';
import { evmRules } from './evm/evm-rules.ts';
import type { ChainClients } from './rpc-clients.ts';
import { solanaFamily } from './solana/solana-family.ts';
import { solanaRules } from './solana/solana-rules.ts';

/** Each family's rules that read no chain (addresses, amounts, policy keys), by chain type. */
export const familyRules: Readonly<Record<ChainType, FamilyRules>> = {
  ethereum: evmRules,
  solana: solanaRules,
};

/** The rules of a chain's family (or of a chain type's). */
export const rulesOf = (of: { chainType: ChainType }): FamilyRules => familyRules[of.chainType];

/** The chain families, with the configured chains they serve. */
export interface ChainFamilies {
  readonly chains: ChainRegistry;
  /** The family of a chain, a wallet or a transaction record. */
  of(of: { chainType: ChainType }): ChainFamily;
  /** Every family, in a fixed order (EVM first). */
  all(): readonly ChainFamily[];
  /** The chain of a slug and its family (404 CHAIN_UNKNOWN as the registry answers). */
  get(slug: string): { chain: Chain; family: ChainFamily };
}

export function chainFamilies(deps: {
  chains: ChainRegistry;
  clients: ChainClients;
  now: () => Date;
  /** SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS. */
  solanaPriorityFeeCapMicroLamports: bigint;
  /** SOLANA_MAX_RESIGNS: how many times a send whose blockhash provably expired is re-signed. */
  solanaMaxResigns: number;
}): ChainFamilies {
  const families: Record<ChainType, ChainFamily> = {
    ethereum: evmFamily({ clients: deps.clients, now: deps.now }),
    solana: solanaFamily({
      clients: deps.clients,
      now: deps.now,
      priorityFeeCapMicroLamports: deps.solanaPriorityFeeCapMicroLamports,
      maxResigns: deps.solanaMaxResigns,
    }),
  };
  const list = Object.values(families);
  return {
    chains: deps.chains,
    of: (of) => families[of.chainType],
    all: () => list,
    get(slug) {
      const chain = deps.chains.get(slug);
      return { chain, family: families[chain.chainType] };
    },
  };
}
