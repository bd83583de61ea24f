import type { Static } from 'typebox';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import {
  type EvmAddress,
  parseAddress,
  parseEvmAddress,
  parseSolanaAddress,
  type SolanaAddress,
} from '../../domain/addresses.ts';
import { AppError, invalidInput } from '../../errors/app-error.ts';
import type {
  ApproveBody as ApproveBodySchema,
  ContractBody as ContractBodySchema,
  SendBody as SendBodySchema,
} from '../../schemas/transactions.ts';
import type { TransactionKind } from '../../store/repositories/transactions-repository.ts';
import type { WriteSpend } from '../key-write-rules.ts';
import { parseAmount, parseCallData } from './amounts.ts';
import { callEffects } from './call-effects.ts';

/** The bodies of the write endpoints, as validated by their schemas (the one source of their types). */
export type SendBody = Static<typeof SendBodySchema>;
export type ApproveBody = Static<typeof ApproveBodySchema>;
export type ContractBody = Static<typeof ContractBodySchema>;

/** A write, checked against its chain and reduced to what the chain adapters execute. */
export type WriteIntent =
  | {
      kind: TransactionKind;
      chain: Chain;
      chainType: 'ethereum';
      from?: string;
      call: { to: EvmAddress; data?: Hex; value: bigint };
      /** ERC20 units leaving the wallet (checked against its balance before signing). */
      tokenSpend?: { token: EvmAddress; amount: bigint };
      /** `call.to` must be an ERC20 contract (token sends and approvals): checked before signing. */
      erc20?: EvmAddress;
      /** An approval: the allowance it grants (API key policies hold it to their rules). */
      approval?: { spender: EvmAddress; amount: bigint };
      /** A native or ERC20 send: whom it pays (checked before signing not to be a token contract). */
      recipient?: EvmAddress;
      /** What the Transaction resource shows: the recipient, the token, or the contract. */
      to: string;
      value: bigint;
      details: Record<string, string>;
    }
  | {
      /** A transaction built elsewhere (an aggregator's swap): the wallet adds its signature. */
      kind: 'swap';
      chain: Chain;
      chainType: 'solana';
      from?: string;
      prebuilt: {
        /** Base64 wire transaction, possibly already signed by other parties (a pool authority). */
        wire: string;
        /** The last block height at which its blockhash is valid, as the builder reported it. */
        lastValidBlockHeight: bigint;
        /** Lamports the swap spends besides fees (the SOL input), checked before signing. */
        lamports?: bigint;
      };
      to: string;
      value: bigint;
      details: Record<string, string>;
    }
  | {
      kind: 'send';
      chain: Chain;
      chainType: 'solana';
      from?: string;
      transfer:
        | { kind: 'sol'; to: SolanaAddress; amount: bigint }
        | { kind: 'token'; to: SolanaAddress; mint: SolanaAddress; amount: bigint };
      to: string;
      value: bigint;
      details: Record<string, string>;
    };

function evmOnly(chain: Chain, endpoint: string): void {
  if (chain.chainType !== 'ethereum')
    throw new AppError('CHAIN_UNKNOWN', `${endpoint} is for EVM chains; ${chain.slug} is a Solana chain`, {
      details: [{ path: 'chain', message: 'must be an EVM chain' }],
    });
}

/** `from`, checked, as sent: the wallet is found by it, and a refusal names it as the caller wrote it. */
function optionalFrom(from: string | undefined, chain: Chain): { from?: string } {
  if (from === undefined) return {};
  parseAddress('from', from, chain.chainType);
  return { from };
}

/**
 * Validates a send against its chain (DESIGN A9): the asset must fit the chain type, `token` is
 * required for token sends and refused for native ones, amounts fit uint256 or u64.
 */
export function sendIntent(chains: ChainRegistry, body: SendBody): WriteIntent {
  const chain = chains.get(body.chain);
  if (body.asset === 'erc20' && chain.chainType !== 'ethereum')
    throw invalidInput('asset', `erc20 is for EVM chains; use spl on ${chain.slug}`);
  if (body.asset === 'spl' && chain.chainType !== 'solana')
    throw invalidInput('asset', `spl is for Solana chains; use erc20 on ${chain.slug}`);
  if (body.asset === 'native' && body.token !== undefined)
    throw invalidInput('token', 'must not be set for a native send');
  if (body.asset !== 'native' && body.token === undefined)
    throw invalidInput('token', `is required for an ${body.asset} send`);
  const amount = parseAmount('amount', body.amount, chain.chainType);
  if (chain.chainType === 'ethereum') {
    const to = parseEvmAddress('to', body.to);
    // The Transaction shows the recipient as sent (checked just above), the token checksummed.
    const shown = body.to;
    const details: Record<string, string> = {
      asset: body.asset,
      amount: amount.toString(),
      recipient: shown,
    };
    if (body.asset === 'native')
      return {
        kind: 'send',
        chain,
        chainType: 'ethereum',
        ...optionalFrom(body.from, chain),
        call: { to, value: amount },
        recipient: to,
        to: shown,
        value: amount,
        details,
      };
    const token = parseEvmAddress('token', body.token!);
    return {
      kind: 'send',
      chain,
      chainType: 'ethereum',
      ...optionalFrom(body.from, chain),
      call: {
        to: token,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      },
      tokenSpend: { token, amount },
      erc20: token,
      recipient: to,
      to: shown,
      value: 0n,
      details: { ...details, token },
    };
  }
  const to = parseSolanaAddress('to', body.to);
  const details: Record<string, string> = { asset: body.asset, amount: amount.toString(), recipient: to };
  if (body.asset === 'native')
    return {
      kind: 'send',
      chain,
      chainType: 'solana',
      ...optionalFrom(body.from, chain),
      transfer: { kind: 'sol', to, amount },
      to,
      value: amount,
      details,
    };
  const mint = parseSolanaAddress('token', body.token!);
  return {
    kind: 'send',
    chain,
    chainType: 'solana',
    ...optionalFrom(body.from, chain),
    transfer: { kind: 'token', to, mint, amount },
    to,
    value: 0n,
    details: { ...details, token: mint },
  };
}

export function approveIntent(chains: ChainRegistry, body: ApproveBody): WriteIntent {
  const chain = chains.get(body.chain);
  evmOnly(chain, 'POST /token/approve');
  const token = parseEvmAddress('token', body.token);
  const spender = parseEvmAddress('spender', body.spender);
  const amount = parseAmount('amount', body.amount, 'ethereum');
  return {
    kind: 'approve',
    chain,
    chainType: 'ethereum',
    ...optionalFrom(body.from, chain),
    call: {
      to: token,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
    },
    erc20: token,
    approval: { spender, amount },
    to: token,
    value: 0n,
    details: { token, spender, amount: amount.toString() },
  };
}

export function contractIntent(chains: ChainRegistry, body: ContractBody): WriteIntent {
  const chain = chains.get(body.chain);
  evmOnly(chain, 'POST /contracts/send');
  const to = parseEvmAddress('to', body.to);
  const data = parseCallData('data', body.data);
  const value = body.value === undefined ? 0n : parseAmount('value', body.value, 'ethereum');
  return {
    kind: 'contract',
    chain,
    chainType: 'ethereum',
    ...optionalFrom(body.from, chain),
    call: { to, data, value },
    to,
    value,
    details: { data: data.length > 2 + 2 * 4096 ? `${data.slice(0, 2 + 2 * 4096)}…` : data },
  };
}

/**
 * What a write moves, for the rules of the API key that asks for it (src/app/key-write-rules.ts):
 * native value and token amounts leaving the wallet (fees are not counted), the recipient of a
 * send, the spender of an approval; for a contract call, the contract, the native value it pays
 * it, and the token transfers and approvals its call data makes (src/app/transactions/call-effects.ts).
 */
export function writeSpendOf(intent: WriteIntent): WriteSpend {
  const base = { chain: intent.chain.slug, chainType: intent.chain.chainType } as const;
  if (intent.chainType === 'ethereum') {
    const moves = [{ asset: 'native', amount: intent.call.value }];
    if (intent.kind === 'contract') return { ...base, ...contractCallSpend(intent.call, moves) };
    if (intent.tokenSpend) moves.push({ asset: intent.tokenSpend.token, amount: intent.tokenSpend.amount });
    if (intent.approval)
      return {
        ...base,
        moves,
        approvals: [
          { asset: intent.call.to, amount: intent.approval.amount, spender: intent.approval.spender },
        ],
      };
    if (intent.kind === 'send') return { ...base, moves, recipients: [intent.to] };
    return { ...base, moves };
  }
  if ('prebuilt' in intent)
    return { ...base, moves: [{ asset: 'native', amount: intent.prebuilt.lamports ?? 0n }] };
  const { transfer } = intent;
  return {
    ...base,
    moves: [{ asset: transfer.kind === 'sol' ? 'native' : transfer.mint, amount: transfer.amount }],
    recipients: [transfer.to],
  };
}

function contractCallSpend(
  call: { to: EvmAddress; data?: Hex; value: bigint },
  moves: WriteSpend['moves'],
): Omit<WriteSpend, 'chain' | 'chainType'> {
  const effects = callEffects(call.to, call.data ?? '0x');
  return {
    moves: [...moves, ...effects.transfers.map((t) => ({ asset: t.token, amount: t.amount }))],
    recipients: effects.transfers.map((t) => t.to),
    approvals: effects.approvals.map((a) => ({
      asset: a.token,
      spender: a.spender,
      amount: a.amount,
      via: a.via,
      ...(a.increase ? { increase: true } : {}),
    })),
    valueTo: { address: call.to, amount: call.value },
    contract: call.to,
    ...(effects.unknown ? { unknownCall: effects.unknown } : {}),
  };
}
