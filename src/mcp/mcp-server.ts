import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { describeError } from '../support/describe-error.ts';
import type { ApiCaller, ApiResponse } from './api-caller.ts';
import type { DerivedKeys } from './derived-keys.ts';
import { amountsAsStrings, TOOLS, TOOLS_BY_NAME, ToolInputError } from './tools.ts';

export const MCP_SERVER_NAME = 'wallet-api';
export const MCP_SERVER_VERSION = '1.0.0';

const INSTRUCTIONS =
  'Operate your wallets on EVM chains and Solana through the Wallet Automation API. Start with ' +
  'list_chains (chain slugs) and list_wallets. Amounts are strings of digits in base units (wei, ' +
  'lamports, token base units), never decimals like "1.5". Writes (send, approve_token, ' +
  'call_contract, swap) return a transaction id with status SUBMITTED: wait_for_transaction waits ' +
  'until it is CONFIRMED or FAILED (or get_transaction looks now); list_transactions lists them. Repeating an identical write within 10 minutes returns ' +
  'the first one (replayed: true) instead of sending again; pass idempotencyKey (a UUID) to control this.';

export interface McpServerOptions {
  /** The REST API, called with the caller's API key. */
  call: ApiCaller;
  /** Whose derived idempotency keys these are: a hash of the API key (keyIdentity). */
  identity: string;
  derivedKeys: DerivedKeys;
  /** Where a call that got no answer is reported (never stdout). */
  onCallFailed?: (tool: string, err: unknown) => void;
}

/**
 * The MCP server of one client connection: the tools of tools.ts, each one REST API call.
 *
 * The low-level `Server` rather than `McpServer`: McpServer.registerTool takes Zod schemas, and the
 * tools' input schemas are JSON Schemas derived from the API's own TypeBox schemas.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: { title: t.title, ...t.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(options, request.params.name, request.params.arguments ?? {}),
  );
  return server;
}

/** Why no answer came: fetch's own message is "fetch failed", its cause says what (ECONNREFUSED). */
function noAnswerReason(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const detail = cause ? describeError(cause) : '';
  const message = describeError(err);
  return detail && !message.includes(detail) ? `${message}: ${detail}` : message;
}

function result(structured: Record<string, unknown>, isError: boolean, hint?: string): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(structured) },
      ...(hint ? [{ type: 'text' as const, text: hint }] : []),
    ],
    structuredContent: structured,
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * Whether the API's answer proves that the write sent nothing and that nothing it signed can land,
 * so a derived key can be forgotten: only an error whose body says `sent: "no"`. Any other answer
 * (a 503 of a database failure after the broadcast, a 500, no answer at all) may hide a signed
 * transaction: the key stays, and the same call learns the outcome.
 */
function nothingWasSent(res: ApiResponse): boolean {
  const body = res.body as { sent?: unknown } | null;
  return res.status >= 400 && typeof body === 'object' && body !== null && body.sent === 'no';
}

async function callTool(
  options: McpServerOptions,
  name: string,
  rawArgs: Record<string, unknown>,
): Promise<CallToolResult> {
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  const { idempotencyKey: given, ...givenArgs } = rawArgs;
  let idempotencyKey: string | undefined;
  let derived = false;
  try {
    // Before the derived key: `amount: 1000` and `amount: "1000"` are one and the same call.
    const args = amountsAsStrings(tool, givenArgs);
    if (!tool.write) {
      if (given !== undefined) throw new ToolInputError('idempotencyKey: is not a known argument');
    } else if (given === undefined || given === null) {
      try {
        idempotencyKey = await options.derivedKeys.keyFor(options.identity, tool.name, args);
      } catch (err) {
        // Without the key of an identical earlier call, a new one could pay twice: nothing is sent.
        options.onCallFailed?.(tool.name, err);
        return result(
          {
            error: `The idempotency key of this call could not be derived (${noAnswerReason(err)}); nothing was sent, retry shortly`,
            code: 'SERVICE_UNAVAILABLE',
            requestId: null,
          },
          true,
        );
      }
      derived = true;
    } else if (typeof given === 'string') {
      idempotencyKey = given;
    } else {
      throw new ToolInputError('idempotencyKey: must be a UUID string');
    }
    const request = tool.request(args);
    let res: ApiResponse;
    try {
      res = tool.run
        ? await tool.run(args, options.call)
        : await options.call({ ...request, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) });
    } catch (err) {
      options.onCallFailed?.(tool.name, err);
      const reason = noAnswerReason(err);
      return result(
        {
          error: tool.write
            ? `No answer from the Wallet API (${reason}): the outcome is unknown. Call again with the same arguments and idempotencyKey to learn it; that never sends twice.`
            : `No answer from the Wallet API (${reason}); retry shortly.`,
          code: 'SERVICE_UNAVAILABLE',
          requestId: null,
          ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
        },
        true,
      );
    }
    if (derived && idempotencyKey !== undefined && nothingWasSent(res))
      await options.derivedKeys
        .forget(options.identity, tool.name, args, idempotencyKey)
        .catch((err: unknown) => options.onCallFailed?.(tool.name, err));
    return apiResult(tool.write, res, idempotencyKey, derived);
  } catch (err) {
    if (!(err instanceof ToolInputError)) throw err;
    return result({ error: err.message, code: 'INVALID_INPUT', requestId: null }, true);
  }
}

function apiResult(
  write: boolean,
  res: ApiResponse,
  idempotencyKey: string | undefined,
  derived: boolean,
): CallToolResult {
  const body = res.body;
  const json = body !== null && typeof body === 'object' && !Array.isArray(body);
  if (res.status >= 200 && res.status < 300 && json) {
    if (!write) return result(body as Record<string, unknown>, false);
    const submission = body as { id?: unknown };
    return result(
      {
        ...(body as Record<string, unknown>),
        idempotencyKey,
        idempotencyKeyDerived: derived,
        replayed: res.headers['idempotent-replayed'] === 'true',
      },
      false,
      `Not final yet: call get_transaction with {"id":${JSON.stringify(submission.id)}} until status is CONFIRMED or FAILED.`,
    );
  }
  const envelope = (json ? body : {}) as Record<string, unknown>;
  const retryAfter = Number(res.headers['retry-after']);
  return result(
    {
      error:
        typeof envelope.error === 'string'
          ? envelope.error
          : `Unexpected answer from the Wallet API: HTTP ${res.status}`,
      code: typeof envelope.code === 'string' ? envelope.code : 'INTERNAL_ERROR',
      requestId: envelope.requestId ?? res.headers['x-request-id'] ?? null,
      status: res.status,
      ...(envelope.details !== undefined ? { details: envelope.details } : {}),
      ...(envelope.sent !== undefined ? { sent: envelope.sent } : {}),
      ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
      ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    },
    true,
  );
}
