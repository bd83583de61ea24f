import type { TSchema } from 'typebox';
import { WalletBalanceSchema } from '../schemas/balances.ts';
import { ErrorBody } from '../schemas/common.ts';
import {
  IdempotencyHeaders,
  INTENT_SCHEMAS,
  SubmissionSchema,
  TransactionSchema,
} from '../schemas/transactions.ts';
import { ChainSchema, WalletSchema } from '../schemas/wallets.ts';

/** A JSON Schema object as MCP's `inputSchema` carries it. */
export interface ToolInputSchema {
  type: 'object';
  properties?: Record<string, object>;
  required?: string[];
  [key: string]: unknown;
}

/** The shared schemas routes refer to by `$ref` (the ones build-server.ts registers). */
const SHARED: Record<string, unknown> = Object.fromEntries(
  [
    ErrorBody,
    WalletSchema,
    ChainSchema,
    SubmissionSchema,
    ...INTENT_SCHEMAS,
    TransactionSchema,
    WalletBalanceSchema,
  ].map((s) => [String((s as { $id?: string }).$id), s]),
);

/**
 * A self-contained copy of a route schema: `$ref`s to shared schemas inlined, `$id` dropped (a tool
 * schema stands alone), and nothing that JSON cannot carry.
 */
export function inlineSchema(schema: unknown, seen: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineSchema(s, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref, $id: _id, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') {
    const name = $ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '');
    const target = SHARED[name];
    if (target === undefined) throw new Error(`tool schema: unknown $ref ${$ref}`);
    if (seen.has(name)) throw new Error(`tool schema: recursive $ref ${$ref}`);
    // Keywords beside the $ref (a description) win over the target's.
    return {
      ...(inlineSchema(target, new Set([...seen, name])) as object),
      ...(inlineSchema(rest, seen) as object),
    };
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlineSchema(v, seen)]));
}

/**
 * A tool's input schema from a route's TypeBox schema: inlined, with descriptions extended for an
 * agent (`notes`, appended to the route's own) and the tool-only properties added.
 */
export function toolInput(
  schema: TSchema | undefined,
  options: {
    notes?: Record<string, string>;
    extra?: Record<string, object>;
    required?: string[];
  } = {},
): ToolInputSchema {
  const base = (schema ? inlineSchema(schema) : { type: 'object', properties: {} }) as ToolInputSchema;
  const properties: Record<string, object> = { ...(base.properties ?? {}) };
  for (const [name, note] of Object.entries(options.notes ?? {})) {
    const property = properties[name] as { description?: string } | undefined;
    if (property === undefined) throw new Error(`tool schema: no property ${name} to describe`);
    properties[name] = {
      ...property,
      description: property.description ? `${property.description}. ${note}` : note,
    };
  }
  Object.assign(properties, options.extra ?? {});
  const required = [...(base.required ?? []), ...(options.required ?? [])];
  return {
    ...base,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

const idempotencyKeyHeader = inlineSchema(IdempotencyHeaders.properties['Idempotency-Key']) as {
  description?: string;
};

/** The `idempotencyKey` argument of write tools: the API's Idempotency-Key header, optional here. */
export const IDEMPOTENCY_KEY_PROPERTY = {
  ...idempotencyKeyHeader,
  description:
    `Optional. ${idempotencyKeyHeader.description ?? ''}. Sent as the Idempotency-Key header. Give your own to ` +
    'retry safely at any later time; without it one is derived: an identical call (same tool, same ' +
    'arguments, same API key) within 10 minutes of the first is a replay of the first (no second ' +
    'payment), and a call after that, or with other arguments, is a new write. The key used is in ' +
    'the result.',
};
