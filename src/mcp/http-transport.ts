import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyFromHeaders } from '../app/api-key-header.ts';
import type { ApiKeysService } from '../app/api-keys.ts';
import { applyRateLimit } from '../rate-limit/rate-limit-headers.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { injectApiCaller } from './api-caller.ts';
import { DerivedKeys, keyIdentity } from './derived-keys.ts';

export const MCP_PATH = '/mcp';

/**
 * The MCP SDK, loaded on the first /mcp request: it costs some 0.3 s and 30 MB to load, which a
 * service nobody talks MCP to should not pay at start (bench:startup).
 */
let sdk: Promise<{
  createMcpServer: typeof import('./mcp-server.ts').createMcpServer;
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
}> | null = null;
function loadSdk() {
  sdk ??= Promise.all([
    import('./mcp-server.ts'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]).then(
    ([server, transport]) => ({
      createMcpServer: server.createMcpServer,
      StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
    }),
    (err: unknown) => {
      sdk = null;
      throw err;
    },
  );
  return sdk;
}

/**
 * MCP over Streamable HTTP at /mcp, stateless: a new server and transport per POST. The caller's
 * API key (x-api-key, or Authorization: Bearer, which MCP clients send) is checked here (401 in the error envelope, before any MCP is spoken) and then sent
 * with every tool's REST call, through this same server in process, so limits, scopes, spend
 * limits, idempotency and audit are the API's. `app` is the root server: the REST routes are
 * reached through it. Hidden from the OpenAPI document (not part of the REST API).
 */
export async function registerMcpRoute(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeysService; rateLimiter: RateLimiter; derivedKeys?: DerivedKeys },
): Promise<void> {
  // Without a store given (tests), per process.
  const derivedKeys = deps.derivedKeys ?? new DerivedKeys();
  await app.register(async (scope) => {
    // Every /mcp request is an authenticated request (DESIGN A6): it costs one unit of the user's
    // read limit, whatever it asks (initialize and tools/list make no REST call to be counted by);
    // each REST call a tool then makes is counted by its own route as well.
    scope.addHook('onRequest', async (request, reply) => {
      const principal = await deps.apiKeys.authenticate(apiKeyFromHeaders(request.headers), request.ip);
      applyRateLimit(reply, await deps.rateLimiter.consume(principal.userId, 'read'));
    });

    scope.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
      const { createMcpServer, StreamableHTTPServerTransport } = await loadSdk();
      const apiKey = apiKeyFromHeaders(request.headers) as string;
      const server = createMcpServer({
        call: injectApiCaller(app, { apiKey, remoteAddress: request.ip }),
        identity: keyIdentity(apiKey),
        derivedKeys,
        onCallFailed: (tool, err) => request.log.warn({ err, tool }, 'mcp tool call got no answer'),
      });
      // Stateless: no sessionIdGenerator (the SDK's option left out, which it reads as undefined).
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
      reply.hijack();
      // Headers set by hooks (x-request-id) are on the Fastify reply, which hijack bypasses.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        request.log.error({ err }, 'mcp request failed');
        if (!reply.raw.headersSent)
          reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32603, message: 'Internal error' },
              id: null,
            }),
          );
      }
    });

    // Stateless: no server-initiated stream (GET) and no session to end (DELETE), as the SDK's
    // stateless examples answer.
    const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    scope.get(MCP_PATH, { schema: { hide: true } }, notAllowed);
    scope.delete(MCP_PATH, { schema: { hide: true } }, notAllowed);
  });
}
