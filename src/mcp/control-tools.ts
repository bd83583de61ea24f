// The MCP tools of issue 29: speed up or cancel a pending transaction (destructive: they replace it),
// and simulate a write before sending it (read-only: nothing is signed, recorded or counted).
import { Type } from 'typebox';
import { CancelBody, SimulateBody, SpeedUpBody } from '../schemas/control.ts';
import { TxParams } from '../schemas/transactions.ts';
import { type ToolDefinition, ToolInputError } from './tool-definition.ts';
import { IDEMPOTENCY_KEY_PROPERTY, inlineSchema, type ToolInputSchema, toolInput } from './tool-schemas.ts';

const REPLACE = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;

const FEES =
  'Optional `maxFeePerGas` and `maxPriorityFeePerGas` (wei, strings of digits) are offered when higher than ' +
  'the 12.5 % raise the service applies anyway.';

/** The id out of the arguments, the rest as the body. */
function idAndBody(args: Record<string, unknown>): { id: string; body: Record<string, unknown> } {
  const { id, ...body } = args;
  if (typeof id !== 'string' || id === '') throw new ToolInputError('id: is required (a string, tx_...)');
  return { id, body };
}

function controlTool(action: 'speed-up' | 'cancel'): ToolDefinition {
  const name = action === 'speed-up' ? 'speed_up_transaction' : 'cancel_transaction';
  return {
    name,
    title: action === 'speed-up' ? 'Speed up a transaction' : 'Cancel a transaction',
    description:
      (action === 'speed-up'
        ? 'EVM: replace a PENDING or SUBMITTED transaction with the same call at the same nonce and higher fees, so it is mined sooner. Solana transactions cannot be sped up (the service re-signs them itself after a proven blockhash expiry): the call is refused, but a `computeUnitPrice` it names (micro-lamports per compute unit, a string of digits, Solana only) is recorded first, and that re-sign pays at least it. '
        : 'Cancel a PENDING or SUBMITTED transaction. EVM: a zero-value transfer from the wallet to itself at the same nonce with higher fees; it is a race the original may still win. Solana: the service stops re-signing it; it may still land until its blockhash expires. The final status tells: FAILED with an error saying it was cancelled, or CONFIRMED if the original landed. ') +
      `${FEES} A final transaction is refused (TRANSACTION_FINAL). Returns the transaction with its new attempt and a \`notice\`; call get_transaction until CONFIRMED or FAILED.` +
      ` Example call: ${name} ${JSON.stringify({ id: 'tx_01JZ8Y3K2Q7M4N5P6R7S8T9V0W' })}`,
    inputSchema: toolInput(
      Type.Object(
        { ...TxParams.properties, ...(action === 'speed-up' ? SpeedUpBody : CancelBody).properties },
        { additionalProperties: false },
      ),
      { extra: { idempotencyKey: IDEMPOTENCY_KEY_PROPERTY } },
    ),
    write: true,
    amounts:
      action === 'speed-up'
        ? ['maxFeePerGas', 'maxPriorityFeePerGas', 'computeUnitPrice']
        : ['maxFeePerGas', 'maxPriorityFeePerGas'],
    annotations: REPLACE,
    request: (args) => {
      const { id, body } = idAndBody(args);
      return { method: 'POST', path: `/tx/${encodeURIComponent(id)}/${action}`, body };
    },
  };
}

/**
 * The simulate tool's input: one object with every field of the four writes (a union would not be an
 * object schema), `kind` saying which; the API checks the fields of that write.
 */
function simulateInput(): ToolInputSchema {
  const variants = (inlineSchema(SimulateBody) as { anyOf: { properties: Record<string, object> }[] }).anyOf;
  const properties: Record<string, object> = {};
  for (const v of variants)
    for (const [field, schema] of Object.entries(v.properties))
      if (!(field in properties)) properties[field] = schema;
  properties.kind = {
    type: 'string',
    enum: ['send', 'approve', 'contract', 'swap'],
    description: 'The write to preview: send, approve (approve_token), contract (call_contract) or swap',
  };
  return {
    type: 'object',
    properties,
    required: ['kind', 'chain'],
    additionalProperties: false,
  };
}

const SIMULATE: ToolDefinition = {
  name: 'simulate',
  title: 'Simulate a write',
  description:
    'Preview a write before sending it: `kind` (send, approve, contract or swap) and the arguments of that ' +
    'tool. Returns `ok` (would it succeed now), `fee` (native base units, with gas or compute units and ' +
    'prices), `revert` (decoded: Error(string), Panic with its meaning, ERC20InsufficientBalance and other ' +
    'standard token errors), `balanceChanges` (every address and asset whose balance moves, signed base ' +
    'units, fees apart), and `policy` (whether your API key’s rules would allow it, and what is left today). ' +
    'Nothing is signed, recorded or counted.' +
    ` Example call: simulate ${JSON.stringify({ kind: 'send', chain: 'evm-localnet', to: '0x000000000000000000000000000000000000dEaD', asset: 'native', amount: '1000' })}`,
  inputSchema: simulateInput(),
  write: false,
  amounts: ['amount', 'value'],
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  request: (body) => ({ method: 'POST', path: '/simulate', body }),
};

export const CONTROL_TOOLS: readonly ToolDefinition[] = [
  controlTool('speed-up'),
  controlTool('cancel'),
  SIMULATE,
];
