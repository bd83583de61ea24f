import { ApprovalsQuery } from '../schemas/approvals.ts';
import { BalancesQuery } from '../schemas/balances.ts';
import { MAX_PAYOUT_ITEMS, PayoutBody, PayoutParams } from '../schemas/payouts.ts';
import { TradeQuoteBody, TradeSwapBody } from '../schemas/trading.ts';
import { ApproveBody, ContractBody, SendBody, TxParams } from '../schemas/transactions.ts';
import { ListWalletsQuery } from '../schemas/wallets.ts';
import { CONTROL_TOOLS } from './control-tools.ts';
import { type ToolDefinition, ToolInputError } from './tool-definition.ts';
import { IDEMPOTENCY_KEY_PROPERTY, toolInput } from './tool-schemas.ts';
import { transactionTools } from './transaction-tools.ts';

export { type ToolDefinition, ToolInputError } from './tool-definition.ts';

/**
 * The arguments with amounts given as JSON numbers turned into the strings the API takes. Clients
 * that type arguments for the user (the MCP Inspector parses `amount=1000` as JSON) send digits as
 * numbers; a number is exact only up to Number.MAX_SAFE_INTEGER, so only a non-negative safe
 * integer is taken, and anything else is refused before a call, asking for a string: 1e21, 1.5 or
 * 12345678901234567890 have already lost or never had the exact amount meant.
 */
export function amountsAsStrings(
  tool: ToolDefinition,
  args: Record<string, unknown>,
): Record<string, unknown> {
  let out = args;
  for (const name of tool.amounts) {
    const value = args[name];
    if (typeof value !== 'number') continue;
    if (!Number.isSafeInteger(value) || value < 0)
      throw new ToolInputError(
        `${name}: send it as a string of digits in base units, for example "${name === 'value' ? '0' : '1000000000000000000'}": ` +
          `the JSON number ${value} is not a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (past that, a JSON number has lost digits)`,
      );
    out = { ...out, [name]: String(value) };
  }
  return out;
}

/** ` Example: name {...}`: one call an agent can copy, appended to a tool's description. */
const example = (name: string, args: Record<string, unknown>) =>
  ` Example call: ${name} ${JSON.stringify(args)}`;

const UNITS =
  'Amounts are strings of digits in base units (wei on EVM, lamports on Solana, a token’s smallest ' +
  'unit: 1 ETH is "1000000000000000000", 1 SOL is "1000000000", 1 unit of a 6-decimal token is ' +
  '"1000000"), never decimals like "1.5". Send them as strings: a JSON number is taken only when it is a ' +
  `whole number of at most ${Number.MAX_SAFE_INTEGER}.`;
const CHAIN = '`chain` is a chain slug from list_chains (for example evm-localnet, base, solana).';
const FROM =
  '`from` defaults to your default wallet of the chain’s type (list_wallets shows it); the wallet ' +
  'must have automationEnabled.';
const WRITE_RESULT =
  'Returns the submission: `id`, `status` (SUBMITTED), `hash` (may still be null), `explorerUrl`, the ' +
  '`idempotencyKey` used, and `replayed` (true when this answer is the stored answer of an earlier ' +
  'identical call: nothing new was sent). Not final yet: call get_transaction with the `id` until ' +
  '`status` is CONFIRMED or FAILED. A write your API key’s approval rules send to a person answers ' +
  '`status` PENDING with an `approval` (id, expiresAt, url): nothing is signed until a person approves ' +
  'it; get_transaction shows when it moves on, or FAILED when denied or expired. Without `idempotencyKey`, repeating the identical call within 10 ' +
  'minutes returns the same transaction instead of paying twice.';
const REFUSALS =
  'A refusal is an error result carrying the API’s `code` (INVALID_INPUT, INSUFFICIENT_FUNDS, ' +
  'WALLET_NOT_FOUND, WALLET_NOT_DELEGATED, CHAIN_UNKNOWN, RATE_LIMITED, ...), its message and `requestId`. ' +
  '`sent: "no"` proves nothing was sent; SEND_OUTCOME_UNKNOWN (`sent: "maybe"`) means a transaction may ' +
  'have been sent: call again with the same arguments and idempotencyKey to get it, never a new key.';

const chainNote = { chain: 'A slug from list_chains' };
const amountNote =
  'A string of digits in base units, never a decimal like "1.5"; a JSON number only when it is a whole ' +
  `number of at most ${Number.MAX_SAFE_INTEGER}`;
const DEAD = '0x000000000000000000000000000000000000dEaD';
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ONEINCH_ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65';
/** ERC20 transfer(DEAD, 1000). */
const TRANSFER_CALL =
  '0xa9059cbb000000000000000000000000000000000000000000000000000000000000dead00000000000000000000000000000000000000000000000000000000000003e8';
const writeExtra = { idempotencyKey: IDEMPOTENCY_KEY_PROPERTY };
const READ = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;
const WRITE = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;

/** Query parameters are text: booleans and numbers as the API parses them; anything else as JSON. */
function toQuery(args: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    query[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return query;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'list_chains',
    title: 'List chains',
    description:
      'The chains this service is configured for: `slug` (the `chain` argument of the other tools), ' +
      '`chainType` (ethereum or solana), chainId, name, the native asset’s symbol and decimals (to ' +
      'convert amounts to base units), and `tradingAvailable` (get_quote and swap work there).' +
      example('list_chains', {}),
    inputSchema: toolInput(undefined),
    write: false,
    amounts: [],
    annotations: { ...READ, openWorldHint: false },
    request: (args) => {
      const [unknown] = Object.keys(args);
      if (unknown !== undefined) throw new ToolInputError(`${unknown}: is not a known argument`);
      return { method: 'GET', path: '/chains' };
    },
  },
  {
    name: 'list_wallets',
    title: 'List wallets',
    description:
      'Your wallets, default wallets first: address, chainType, isDefault (used when a tool’s `from` is ' +
      'omitted), automationEnabled (writes need it). Filter `chain` here is a chain TYPE (ethereum or ' +
      'solana), not a slug.' +
      example('list_wallets', { chain: 'ethereum' }),
    inputSchema: toolInput(ListWalletsQuery, {
      notes: { chain: 'ethereum or solana, not a slug from list_chains' },
    }),
    write: false,
    amounts: [],
    annotations: READ,
    request: (args) => ({ method: 'GET', path: '/wallets', query: toQuery(args) }),
  },
  {
    name: 'get_balances',
    title: 'Get balances',
    description:
      `Native and token balances of one of your wallets on one chain. ${CHAIN} \`address\` defaults to ` +
      'your default wallet of the chain’s type. Each balance has `raw` in base units and `decimals` ' +
      '(the amount is raw / 10^decimals). Cached for seconds; `fresh: true` reads the chain now.' +
      example('get_balances', { chain: 'evm-localnet' }),
    inputSchema: toolInput(BalancesQuery, { notes: chainNote }),
    write: false,
    amounts: [],
    annotations: READ,
    request: (args) => ({ method: 'GET', path: '/wallets/balances', query: toQuery(args) }),
  },
  {
    name: 'send',
    title: 'Send',
    description:
      'Send the native asset (asset "native"), an ERC20 token (asset "erc20", EVM) or an SPL token ' +
      `(asset "spl", Solana; the recipient’s token account is created when missing). ${CHAIN} ${UNITS} ` +
      `${FROM} Checked before signing: wallet, automation, funds (amount plus fee). ${WRITE_RESULT} ${REFUSALS}` +
      example('send', { chain: 'evm-localnet', to: DEAD, asset: 'native', amount: '1000' }),
    inputSchema: toolInput(SendBody, {
      notes: { ...chainNote, amount: amountNote },
      extra: writeExtra,
    }),
    write: true,
    amounts: ['amount'],
    annotations: WRITE,
    request: (body) => ({ method: 'POST', path: '/send', body }),
  },
  {
    name: 'approve_token',
    title: 'Approve token allowance',
    description:
      'EVM only: set the ERC20 allowance of `spender` (for example the spender get_quote names when ' +
      `approvalNeeded is true) over \`token\` from your wallet. ${CHAIN} ${UNITS} ${FROM} ${WRITE_RESULT} ` +
      REFUSALS +
      example('approve_token', {
        chain: 'base',
        token: BASE_USDC,
        spender: ONEINCH_ROUTER,
        amount: '1000000',
      }),
    inputSchema: toolInput(ApproveBody, { notes: { ...chainNote, amount: amountNote }, extra: writeExtra }),
    write: true,
    amounts: ['amount'],
    annotations: WRITE,
    request: (body) => ({ method: 'POST', path: '/token/approve', body }),
  },
  {
    name: 'call_contract',
    title: 'Call a contract',
    description:
      'EVM only: send a transaction to contract `to` with ABI-encoded call data `data` (0x followed by ' +
      `hex) and an optional native \`value\` in wei. A call that would revert is refused before ` +
      `signing. ${CHAIN} ${UNITS} ${FROM} ${WRITE_RESULT} ${REFUSALS}` +
      example('call_contract', { chain: 'base', to: BASE_USDC, data: TRANSFER_CALL, value: '0' }),
    inputSchema: toolInput(ContractBody, { notes: { ...chainNote, value: amountNote }, extra: writeExtra }),
    write: true,
    amounts: ['value'],
    annotations: WRITE,
    request: (body) => ({ method: 'POST', path: '/contracts/send', body }),
  },
  {
    name: 'get_quote',
    title: 'Get a swap quote',
    description:
      'A swap quote on a chain with tradingAvailable (list_chains): `dstAmount` is the expected output ' +
      'in base units of toToken. Tokens are addresses (EVM) or mints (Solana), or NATIVE for ETH/SOL. ' +
      'With `from` and an ERC20 input it says whether an approval is needed (approvalNeeded, spender: ' +
      `use approve_token first). Sends nothing; counts against the write rate limit. ${CHAIN} ${UNITS} ` +
      REFUSALS +
      example('get_quote', {
        chain: 'base',
        fromToken: 'NATIVE',
        toToken: BASE_USDC,
        amount: '1000000000000000',
      }),
    inputSchema: toolInput(TradeQuoteBody, { notes: { ...chainNote, amount: amountNote } }),
    write: false,
    amounts: ['amount'],
    annotations: { ...READ, idempotentHint: false },
    request: (body) => ({ method: 'POST', path: '/trade/quote', body }),
  },
  {
    name: 'swap',
    title: 'Swap tokens',
    description:
      'Execute a swap of `amount` of fromToken for toToken through the chain’s aggregator, from your ' +
      'wallet, with `slippage` in percent (default 1). An ERC20 input needs an allowance first: call ' +
      'get_quote with `from`, and approve_token to the spender it names when approvalNeeded is true. ' +
      `${CHAIN} ${UNITS} ${FROM} ${WRITE_RESULT} ${REFUSALS}` +
      example('swap', {
        chain: 'base',
        fromToken: 'NATIVE',
        toToken: BASE_USDC,
        amount: '1000000000000000',
        slippage: 1,
      }),
    inputSchema: toolInput(TradeSwapBody, { notes: { ...chainNote, amount: amountNote }, extra: writeExtra }),
    write: true,
    amounts: ['amount'],
    annotations: WRITE,
    request: (body) => ({ method: 'POST', path: '/trade/swap', body }),
  },
  {
    name: 'get_transaction',
    title: 'Get a transaction',
    description:
      'A transaction a write tool created, by its `id` (tx_...): `status` PENDING or SUBMITTED (not ' +
      'final: call again in a few seconds), CONFIRMED (landed and succeeded) or FAILED (`error` says ' +
      'why), with `hash`, `explorerUrl`, from, to, value and `stuckReason` when it is not moving. ' +
      '`value` is only the native value: `intent` says what it moved, by `kind` (send: asset, token, ' +
      'amount; approve: token, spender, amount; swap: fromToken, toToken, amount, expectedOutput; ' +
      'contract: value and the token transfers its call data makes), amounts in base units; null ' +
      'for transactions recorded before intents were.' +
      example('get_transaction', { id: 'tx_01JZ8Y3K2Q7M4N5P6R7S8T9V0W' }),
    inputSchema: toolInput(TxParams),
    write: false,
    amounts: [],
    annotations: READ,
    request: (args) => {
      const { id, ...rest } = args;
      if (typeof id !== 'string' || id === '') throw new ToolInputError('id: is required (a string, tx_...)');
      const unknown = Object.keys(rest);
      if (unknown.length > 0) throw new ToolInputError(`${unknown[0]}: is not a known argument`);
      return { method: 'GET', path: `/tx/${encodeURIComponent(id)}` };
    },
  },
  ...transactionTools({
    readOnly: READ,
    toolInputError: (message) => new ToolInputError(message),
    toQuery,
  }),
  ...CONTROL_TOOLS,
  {
    // Only listing: approving and denying are for people (the dashboard, or an API key with the
    // approve scope in an app a person uses). An agent able to approve writes would defeat the
    // point of asking a person, so MCP offers no tool that decides.
    name: 'list_approvals',
    title: 'List approvals',
    description:
      'Writes that API keys’ approval rules sent to a person, newest first: what (kind, chain, intent ' +
      'with amounts in base units), to whom, from which key, why, and `status` (required: waiting; ' +
      'approved; denied; expired). `status: "pending"` lists only those waiting. Needs an API key with ' +
      'the approve scope; deciding is done by a person in the dashboard (each approval’s `url`).' +
      example('list_approvals', { status: 'pending' }),
    inputSchema: toolInput(ApprovalsQuery),
    write: false,
    amounts: [],
    annotations: READ,
    request: (args) => ({ method: 'GET', path: '/approvals', query: toQuery(args) }),
  },
  {
    name: 'create_payout',
    title: 'Pay many recipients (payout)',
    description:
      `Pay up to ${MAX_PAYOUT_ITEMS} recipients in one call: \`items\` [{to, amount, reference?}] of one asset ` +
      '(native, erc20 with `token` on EVM, spl with `token` on Solana) from one wallet. `confirmItemCount` is ' +
      'required and must equal the number of items: it is your confirmation of how many payments go out. ' +
      'Checked as a whole before anything is sent (a bad item is refused naming its index, with nothing ' +
      `sent). ${CHAIN} ${UNITS} ${FROM} Returns the payout (\`id\`, \`status\` processing, every item PENDING); ` +
      'call get_payout with its `id` until `status` is completed or completed_with_failures. ' +
      REFUSALS +
      example('create_payout', {
        chain: 'evm-localnet',
        asset: 'native',
        items: [
          { to: DEAD, amount: '1000', reference: 'inv-1' },
          { to: DEAD, amount: '2000', reference: 'inv-2' },
        ],
        confirmItemCount: 2,
      }),
    inputSchema: toolInput(PayoutBody, {
      notes: chainNote,
      extra: {
        ...writeExtra,
        confirmItemCount: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_PAYOUT_ITEMS,
          description:
            'Required: the number of items, repeated as a confirmation; the call is refused when it differs',
        },
      },
      required: ['confirmItemCount'],
    }),
    write: true,
    amounts: [],
    annotations: WRITE,
    request: (args) => {
      const { confirmItemCount, ...body } = args;
      const count = Array.isArray(body.items) ? body.items.length : 0;
      if (confirmItemCount !== count)
        throw new ToolInputError(
          `confirmItemCount: must equal the number of items (${count}); it is ${JSON.stringify(confirmItemCount ?? null)}. Nothing was sent`,
        );
      return { method: 'POST', path: '/payouts', body };
    },
  },
  {
    name: 'get_payout',
    title: 'Get a payout',
    description:
      'A payout create_payout made, by its `id` (pay_...): `status` processing (not final: call again in a ' +
      'few seconds), completed, or completed_with_failures; `totals` (confirmed, failed, pending counts) and ' +
      'each item with its `status`, `transactionId` (get_transaction) and `hash`.' +
      example('get_payout', { id: 'pay_01JZ8Y3K2Q7M4N5P6R7S8T9V0W' }),
    inputSchema: toolInput(PayoutParams),
    write: false,
    amounts: [],
    annotations: READ,
    request: (args) => {
      const { id, ...rest } = args;
      if (typeof id !== 'string' || id === '')
        throw new ToolInputError('id: is required (a string, pay_...)');
      const unknown = Object.keys(rest);
      if (unknown.length > 0) throw new ToolInputError(`${unknown[0]}: is not a known argument`);
      return { method: 'GET', path: `/payouts/${encodeURIComponent(id)}` };
    },
  },
];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDefinition> = new Map(TOOLS.map((t) => [t.name, t]));
