// What one MCP tool is (tools.ts lists them): its schema, its annotations, and the API call it makes.
import type { ApiCaller, ApiRequest, ApiResponse } from './api-caller.ts';
import type { ToolInputSchema } from './tool-schemas.ts';

/** One MCP tool: one call of the REST API (a few reads for `run`), whose schema its input schema is derived from. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
  /** A write: takes `idempotencyKey` (sent as Idempotency-Key, derived when absent). */
  write: boolean;
  /** Arguments that are amounts in base units: strings, or JSON numbers that are safe integers. */
  amounts: readonly string[];
  /**
   * What the tool does, truthfully (MCP tool annotations): reads only, may destroy or replace what
   * exists (a payment, an allowance, a pending transaction), no further effect when repeated with the
   * same arguments (writes are not: a derived key replays for 10 minutes only), reaches beyond the
   * service (chains, aggregators; list_chains answers from the service's configuration alone).
   */
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  /** The API request for the arguments (a write's `idempotencyKey` already taken out). */
  request(args: Record<string, unknown>): ApiRequest;
  /**
   * A read made of several API calls (wait_for_transaction's long polls): run instead of the one
   * `request`, once `request` has checked the arguments; its answer is the tool's.
   */
  run?(args: Record<string, unknown>, call: ApiCaller): Promise<ApiResponse>;
}

/** Arguments an agent got wrong before any API call (the API checks everything else). */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}
