// JSON-RPC errors with the codes and messages an Agave validator uses, so clients that match on them
// (for example @solana/kit's SolanaError mapping of -32002 preflight failures) behave as on a real node.

export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_INTERNAL_ERROR = -32603;
export const RPC_SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;
export const RPC_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003;
export const RPC_UNSUPPORTED_TRANSACTION_VERSION = -32015;
export const RPC_MIN_CONTEXT_SLOT_NOT_REACHED = -32016;

export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }
}

export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_INVALID_PARAMS, message);
}
