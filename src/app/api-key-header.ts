import type { IncomingHttpHeaders } from 'node:http';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The API key of a request: the `x-api-key` header, or else `Authorization: Bearer <key>`, which
 * MCP clients and most HTTP tooling can send when they cannot send a header of their own. Both
 * carry the same key and mean the same thing, on /api/v1 and on /mcp. An `Authorization` header of
 * another scheme (Basic) carries no key: the request is refused as missing one.
 */
export function apiKeyFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['x-api-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && key !== '') return key;
  const authorization = headers.authorization;
  if (authorization === undefined) return key;
  return BEARER.exec(authorization)?.[1] ?? key;
}
