import { type Address, decodeFunctionData, type Hex, parseAbi, toFunctionSelector } from 'viem';

/**
 * What a contract call does to tokens, as far as its call data says (issue 26: an API key's token
 * rules must see a `POST /contracts/send` that moves or grants tokens). Decoded: the ERC20
 * functions that move or grant (`transfer`, `transferFrom`, `approve`, `increaseAllowance`; and
 * `decreaseAllowance`, which only takes back), and Uniswap Permit2's (AllowanceTransfer `approve`,
 * `permit`, `transferFrom`; SignatureTransfer `permitTransferFrom`, `permitWitnessTransferFrom`;
 * `lockdown` and the nonce invalidations, which grant nothing). The other standard token functions
 * that move or grant (ERC-1363, ERC-777, ERC-721, ERC-1155) are known but not counted: unknown
 * calls that may move tokens.
 *
 * Functions are recognised by selector whatever the contract called: a contract that is not a token
 * but shares a selector is held to the token rules for it, which only makes a key stricter.
 */

/** Uniswap's Permit2, at the same address on every chain it is deployed to. */
export const PERMIT2_ADDRESS: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

export interface TokenTransfer {
  token: Address;
  to: Address;
  amount: bigint;
}

export interface TokenApproval {
  token: Address;
  spender: Address;
  amount: bigint;
  /** The function that grants it, for refusals (`approve`, `Permit2 permit`…). */
  via: string;
  /** Raises an allowance by `amount` on top of one the call data does not show (increaseAllowance). */
  increase?: true;
}

export interface CallEffects {
  transfers: TokenTransfer[];
  approvals: TokenApproval[];
  /**
   * Set when the call data does not say what the call does: a function not decoded here, or data
   * that does not decode as its function. `mayMoveTokens`: the call is to Permit2, or its selector
   * is that of a function that moves or grants tokens (decoded here or not).
   */
  unknown: { reason: string; mayMoveTokens: boolean } | null;
}

const ERC20 = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function decreaseAllowance(address spender, uint256 subtractedValue)',
]);

const PERMIT2 = parseAbi([
  'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
  'struct PermitSingle { PermitDetails details; address spender; uint256 sigDeadline; }',
  'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
  'struct AllowanceTransferDetails { address from; address to; uint160 amount; address token; }',
  'struct TokenPermissions { address token; uint256 amount; }',
  'struct PermitTransferFrom { TokenPermissions permitted; uint256 nonce; uint256 deadline; }',
  'struct PermitBatchTransferFrom { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }',
  'struct SignatureTransferDetails { address to; uint256 requestedAmount; }',
  'struct TokenSpenderPair { address token; address spender; }',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom(AllowanceTransferDetails[] transferDetails)',
  'function permitTransferFrom(PermitTransferFrom permit, SignatureTransferDetails transferDetails, address owner, bytes signature)',
  'function permitTransferFrom(PermitBatchTransferFrom permit, SignatureTransferDetails[] transferDetails, address owner, bytes signature)',
  'function permitWitnessTransferFrom(PermitTransferFrom permit, SignatureTransferDetails transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
  'function permitWitnessTransferFrom(PermitBatchTransferFrom permit, SignatureTransferDetails[] transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
  'function lockdown(TokenSpenderPair[] approvals)',
  'function invalidateNonces(address token, address spender, uint48 newNonce)',
  'function invalidateUnorderedNonces(uint256 wordPos, uint256 mask)',
]);

/**
 * The other standard functions that move or grant tokens, which are not counted: ERC-1363's
 * `…AndCall`, ERC-777's `send` and operators, ERC-721's and ERC-1155's transfers and operators. A
 * call of one may move tokens to anyone, so a key with token rules refuses it.
 */
const UNCOUNTED = parseAbi([
  'function transferAndCall(address to, uint256 amount)',
  'function transferAndCall(address to, uint256 amount, bytes data)',
  'function transferFromAndCall(address from, address to, uint256 amount)',
  'function transferFromAndCall(address from, address to, uint256 amount, bytes data)',
  'function approveAndCall(address spender, uint256 amount)',
  'function approveAndCall(address spender, uint256 amount, bytes data)',
  'function send(address to, uint256 amount, bytes data)',
  'function operatorSend(address from, address to, uint256 amount, bytes data, bytes operatorData)',
  'function authorizeOperator(address operator)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
]);

const selectorsOf = (abi: typeof ERC20 | typeof PERMIT2 | typeof UNCOUNTED) =>
  new Set(abi.filter((item) => item.type === 'function').map((item) => toFunctionSelector(item)));
const ERC20_SELECTORS = selectorsOf(ERC20);
const PERMIT2_SELECTORS = selectorsOf(PERMIT2);
const UNCOUNTED_SELECTORS = selectorsOf(UNCOUNTED);

const none = (): CallEffects => ({ transfers: [], approvals: [], unknown: null });

/** What a call to `to` with `data` moves or grants. Never throws: what it cannot read, it says. */
export function callEffects(to: Address, data: Hex): CallEffects {
  if (data === '0x') return none();
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  const toPermit2 = to.toLowerCase() === PERMIT2_ADDRESS.toLowerCase();
  const unknown = (reason: string, mayMoveTokens: boolean): CallEffects => ({
    ...none(),
    unknown: { reason, mayMoveTokens: mayMoveTokens || toPermit2 },
  });
  if (data.length < 10) return unknown('call data shorter than a function selector', false);
  try {
    if (ERC20_SELECTORS.has(selector)) return erc20Effects(to, data);
    if (PERMIT2_SELECTORS.has(selector)) return permit2Effects(data);
  } catch {
    return unknown(`call data that does not decode as the function of selector ${selector}`, true);
  }
  return unknown(`a call of function ${selector}, which is not decoded`, UNCOUNTED_SELECTORS.has(selector));
}

function erc20Effects(token: Address, data: Hex): CallEffects {
  const call = decodeFunctionData({ abi: ERC20, data });
  const out = none();
  switch (call.functionName) {
    case 'transfer':
      out.transfers.push({ token, to: call.args[0], amount: call.args[1] });
      break;
    case 'transferFrom':
      out.transfers.push({ token, to: call.args[1], amount: call.args[2] });
      break;
    case 'approve':
      out.approvals.push({ token, spender: call.args[0], amount: call.args[1], via: 'approve' });
      break;
    case 'increaseAllowance':
      out.approvals.push({
        token,
        spender: call.args[0],
        amount: call.args[1],
        via: 'increaseAllowance',
        increase: true,
      });
      break;
    case 'decreaseAllowance':
      break;
  }
  return out;
}

function permit2Effects(data: Hex): CallEffects {
  const call = decodeFunctionData({ abi: PERMIT2, data });
  const out = none();
  const grant = (token: Address, spender: Address, amount: bigint, via: string) =>
    out.approvals.push({ token, spender, amount, via });
  switch (call.functionName) {
    case 'approve':
      grant(call.args[0], call.args[1], call.args[2], 'Permit2 approve');
      break;
    case 'permit': {
      const permit = call.args[1];
      const details = Array.isArray(permit.details) ? permit.details : [permit.details];
      for (const d of details) grant(d.token, permit.spender, d.amount, 'Permit2 permit');
      break;
    }
    case 'transferFrom':
      if (call.args.length === 4)
        out.transfers.push({ token: call.args[3], to: call.args[1], amount: call.args[2] });
      else for (const t of call.args[0]) out.transfers.push({ token: t.token, to: t.to, amount: t.amount });
      break;
    case 'permitTransferFrom':
    case 'permitWitnessTransferFrom': {
      const [permit, details] = call.args;
      const permitted = Array.isArray(permit.permitted) ? permit.permitted : [permit.permitted];
      const transfers = Array.isArray(details) ? details : [details];
      // Each transfer moves the token permitted at its index (SignatureTransfer's rule).
      for (const [i, t] of transfers.entries()) {
        const token = permitted[i]?.token;
        if (token === undefined) throw new Error('more transfers than permitted tokens');
        out.transfers.push({ token, to: t.to, amount: t.requestedAmount });
      }
      break;
    }
    case 'lockdown':
    case 'invalidateNonces':
    case 'invalidateUnorderedNonces':
      break;
  }
  return out;
}
