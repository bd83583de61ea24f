// The EVM family's rules that read no chain: addresses, amounts, and write requests turned into the
// call the chain executes (ERC20 call data included) with what an API key's policy counts.
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  isAddress,
  isHex,
  toFunctionSelector,
} from 'viem';
import { type EvmAddress, isEvmAddress, parseEvmAddress } from '../../domain/addresses.ts';
import type { TransactionKind, WriteSpend } from '../../domain/transactions.ts';
import { invalidInput } from '../../errors/app-error.ts';
import type { BuiltSwap, TradeRequest } from '../../swap-aggregators/swap-aggregator.ts';
import { parseBaseUnits, UINT256_MAX } from '../amounts.ts';
import type { ApproveBody, ContractBody, FamilyRules, PreparedWrite, SendBody } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { checkSendToken, optionalFrom } from '../write-bodies.ts';
import { type CallEffects, callEffects } from './call-effects.ts';

/** An EVM write as the chain executes it. */
export interface EvmWrite {
  call: { to: EvmAddress; data?: Hex; value: bigint };
  /** ERC20 units leaving the wallet (checked against its balance before signing). */
  tokenSpend?: { token: EvmAddress; amount: bigint };
  /** `call.to` must be an ERC20 contract (token sends and approvals). */
  erc20?: EvmAddress;
  /** Whom a native or ERC20 send pays: never a token contract (token-recipient.ts). */
  recipient?: EvmAddress;
}

/** A prepared EVM write before it is bound to the family's checks (evm-family.ts). */
export type EvmPrepared = Omit<PreparedWrite, 'check' | 'simulate'> & { write: EvmWrite };

export const evmRules: FamilyRules = {
  chainType: 'ethereum',
  label: 'EVM',
  isAddress: isEvmAddress,
  parseAddress: parseEvmAddress,
  addressKey: (address) => address.toLowerCase(),
  policyAsset: (asset) => (asset === 'native' ? 'native' : asset.toLowerCase()),
  /** A non-negative decimal or 0x-hex integer up to 2^256-1. */
  nativeAliasNote: null,
  tokenAsset: 'erc20',
  unlistedTokens: 'none',
  anyOwner: '0x0000000000000000000000000000000000000000',
  usesNonces: true,
  parseAmount: (field, raw) =>
    parseBaseUnits(field, raw, {
      hex: true,
      max: UINT256_MAX,
      formText: 'must be a non-negative integer in base units, decimal or 0x-hex',
      maxText: 'must fit in uint256 (at most 2^256-1)',
    }),
  methodSelector: (field, raw) => {
    if (/^0x[0-9a-fA-F]{8}$/.test(raw)) return raw.toLowerCase();
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_,[\]() ]*\)$/.test(raw))
      throw invalidInput(
        field,
        `must be a 4-byte selector (0x and 8 hex digits) or a signature such as transfer(address,uint256), got ${JSON.stringify(raw.slice(0, 80))}`,
      );
    try {
      return toFunctionSelector(raw).toLowerCase();
    } catch {
      throw invalidInput(field, `is not a function signature: ${JSON.stringify(raw.slice(0, 80))}`);
    }
  },
};

/** Call data: 0x followed by an even number of hex digits. */
export function parseCallData(field: string, raw: string): Hex {
  if (!isHex(raw, { strict: true, even: true }))
    throw invalidInput(field, 'must be 0x followed by an even number of hex digits');
  return raw;
}

const spendBase = (chain: Chain) => ({ chain: chain.slug, chainType: chain.chainType });

function prepared(
  kind: TransactionKind,
  chain: Chain,
  write: EvmWrite,
  shown: { from?: string; to: string; value: bigint; details: Record<string, string> },
  spend: Omit<WriteSpend, 'chain' | 'chainType'>,
): EvmPrepared {
  return { kind, chain, ...shown, write, spend: { ...spendBase(chain), ...spend } };
}

/**
 * A send (DESIGN A9): native or ERC20, `token` required for a token send and refused for a native
 * one, the amount up to uint256. The recipient is shown as sent, the token checksummed.
 */
export function evmSend(chain: Chain, body: SendBody): EvmPrepared {
  if (body.asset === 'spl')
    throw invalidInput('asset', `spl is for Solana chains; use erc20 on ${chain.slug}`);
  checkSendToken(body);
  const amount = evmRules.parseAmount('amount', body.amount);
  const to = parseEvmAddress('to', body.to);
  const details: Record<string, string> = {
    asset: body.asset,
    amount: amount.toString(),
    recipient: body.to,
  };
  const native = { asset: 'native', amount: 0n };
  if (body.asset === 'native')
    return prepared(
      'send',
      chain,
      { call: { to, value: amount }, recipient: to },
      { ...optionalFrom(body.from, evmRules.parseAddress), to: body.to, value: amount, details },
      { moves: [{ ...native, amount }], recipients: [body.to] },
    );
  const token = parseEvmAddress('token', body.token ?? '');
  return prepared(
    'send',
    chain,
    {
      call: {
        to: token,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      },
      tokenSpend: { token, amount },
      erc20: token,
      recipient: to,
    },
    {
      ...optionalFrom(body.from, evmRules.parseAddress),
      to: body.to,
      value: 0n,
      details: { ...details, token },
    },
    { moves: [native, { asset: token, amount }], recipients: [body.to] },
  );
}

/** An ERC20 approval: the allowance it grants is held to the API key's token limits. */
export function evmApprove(chain: Chain, body: ApproveBody): EvmPrepared {
  const token = parseEvmAddress('token', body.token);
  const spender = parseEvmAddress('spender', body.spender);
  const amount = evmRules.parseAmount('amount', body.amount);
  return prepared(
    'approve',
    chain,
    {
      call: {
        to: token,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      },
      erc20: token,
    },
    {
      ...optionalFrom(body.from, evmRules.parseAddress),
      to: token,
      value: 0n,
      details: { token, spender, amount: amount.toString() },
    },
    { moves: [{ asset: 'native', amount: 0n }], approvals: [{ asset: token, amount, spender }] },
  );
}

/**
 * A contract call: what it moves for the key's rules are the contract, the native value it pays
 * it, and the token transfers and approvals its call data makes (call-effects.ts).
 */
export function evmContract(chain: Chain, body: ContractBody): EvmPrepared {
  const to = parseEvmAddress('to', body.to);
  const data = parseCallData('data', body.data);
  const value = body.value === undefined ? 0n : evmRules.parseAmount('value', body.value);
  const effects = callEffects(to, data);
  return prepared(
    'contract',
    chain,
    { call: { to, data, value } },
    {
      ...optionalFrom(body.from, evmRules.parseAddress),
      to,
      value,
      details: { data: data.length > 2 + 2 * 4096 ? `${data.slice(0, 2 + 2 * 4096)}…` : data },
    },
    {
      moves: [
        { asset: 'native', amount: value },
        ...effects.transfers.map((t) => ({ asset: t.token, amount: t.amount })),
      ],
      recipients: effects.transfers.map((t) => t.to),
      approvals: effects.approvals.map((a) => ({
        asset: a.token,
        spender: a.spender,
        amount: a.amount,
        via: a.via,
        ...(a.increase ? { increase: true } : {}),
      })),
      valueTo: { address: to, amount: value },
      contract: to,
      // The method called, for keys that allow only some methods of a contract (empty data: none).
      selector: data.length >= 10 ? data.slice(0, 10).toLowerCase() : '0x',
      ...(effects.unknown ? { unknownCall: effects.unknown } : {}),
    },
  );
}

/** A swap call an aggregator built (checked by the family's swap checks first). */
export function evmSwap(
  chain: Chain,
  built: Extract<BuiltSwap, { chainType: 'ethereum' }>,
  trade: { req: TradeRequest; erc20In: EvmAddress | null; wallet: string; details: Record<string, string> },
): EvmPrepared {
  const { tx } = built;
  const tokenSpend = trade.erc20In ? { token: trade.erc20In, amount: trade.req.amount } : undefined;
  return prepared(
    'swap',
    chain,
    { call: { to: tx.to, data: tx.data, value: tx.value }, ...(tokenSpend ? { tokenSpend } : {}) },
    { from: trade.wallet, to: tx.to, value: tx.value, details: trade.details },
    {
      moves: [
        { asset: 'native', amount: tx.value },
        ...(tokenSpend ? [{ asset: tokenSpend.token, amount: tokenSpend.amount }] : []),
      ],
    },
  );
}

/** The checksummed form of an address already known to be one (a wallet's). */
export const checksummed = (address: string): EvmAddress => getAddress(address);

/**
 * What a recorded contract call does to tokens (the Transaction resource's intent): null when its
 * contract or call data, as recorded, cannot be decoded.
 */
export function contractCallEffects(to: string, data: string): CallEffects | null {
  if (!isHex(data) || !isAddress(to, { strict: false })) return null;
  return callEffects(to, data);
}
