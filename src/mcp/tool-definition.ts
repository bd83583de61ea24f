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
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: true;
  };
  /** The API request for the arguments (a write's `idempotencyKey` already taken out). */
  request(args: Record<string, unknown>): ApiRequest;
  /**
   * A read made of several API calls (wait_for_transaction's long polls): run instead of the one
   * `request`, once `request` has checked the arguments; its answer is the tool's.
   */
  run?(args: Record<string, unknown>, call: ApiCaller): Promise<ApiResponse>;
}
