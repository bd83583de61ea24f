import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../schemas/api-prefix.ts';
import { ERROR_EXAMPLE, OPERATION_EXAMPLES } from '../openapi-examples.ts';

/**
 * OpenAPI 3.1 generated from the route schemas (the single source of truth), served at
 * /api/v1/openapi.json, with an interactive reference at /docs. Only /api/v1 routes are listed,
 * with paths relative to the server URL that ends in /api/v1.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wallet Automation API',
        version: '1.0.0',
        description:
          'Operate your own wallets on EVM chains and Solana: balances, sends, approvals, contract calls, swaps. ' +
          'Every request needs an API key, in x-api-key or as Authorization: Bearer <key>. Writes are idempotent through Idempotency-Key.',
        license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: `${publicUrl}${API_PREFIX}`, description: 'This server' }],
      // Either one: the same key in either header.
      security: [{ apiKey: [] }, { bearer: [] }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'wak_<prefix>_<random>' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The same API key as a bearer token: Authorization: Bearer wak_<prefix>_<random>',
          },
        },
      },
      tags: [
        { name: 'Wallets', description: 'Your wallets and their balances' },
        { name: 'Chains', description: 'The chains this server is configured for' },
        { name: 'Transactions', description: 'Sends, approvals, contract calls, and their tracking' },
        { name: 'Trading', description: 'Swap quotes and swaps through 1inch (EVM) and Jupiter (Solana)' },
        {
          name: 'API keys',
          description: 'What the calling API key may do: scopes, chains, allowlists and spend limits',
        },
        {
          name: 'Events',
          description: 'What happened, in order: your event log, followed by cursor or long poll',
        },
        {
          name: 'Webhooks',
          description:
            'Endpoints that receive your events, signed to Standard Webhooks 1.0, and their deliveries',
        },
        { name: 'Audit', description: 'Who did what on your account, with which key (a hash chain)' },
        {
          name: 'Approvals',
          description: 'Writes waiting for a person, and their decisions (approve scope)',
        },
        {
          name: 'Payouts',
          description: 'Many transfers of one asset in one request, each item landing exactly once',
        },
      ],
    },
    // Headers the server always sends are marked required (the plugin has no way to say so).
    transformObject: (document) =>
      addExamples(
        markRequiredHeaders((document as unknown as { openapiObject: OpenApiDocument }).openapiObject),
      ) as never,
    // Shared schemas keep their names (Wallet, Error…) in components instead of def-N.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
    transform: ({ schema, url }) => {
      if (!url.startsWith(`${API_PREFIX}/`) || url === `${API_PREFIX}/openapi.json`)
        return { schema: { ...schema, hide: true }, url };
      return { schema, url: url.slice(API_PREFIX.length) };
    },
  });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
    transformSpecification: (spec) => spec,
  });
}

type MediaTypes = Record<string, { schema?: unknown; example?: unknown }>;

interface OpenApiDocument {
  paths?: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        requestBody?: { content?: MediaTypes };
        responses?: Record<
          string,
          { headers?: Record<string, Record<string, unknown>>; content?: MediaTypes }
        >;
      }
    >
  >;
  components?: { schemas?: Record<string, Record<string, unknown>> };
}

/** The examples of openapi-examples.ts, on each operation's JSON body and 200 answer, and the envelope. */
function addExamples(doc: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(operations)) {
      const examples = operation.operationId ? OPERATION_EXAMPLES[operation.operationId] : undefined;
      if (!examples) continue;
      const body = operation.requestBody?.content?.['application/json'];
      if (body && examples.request !== undefined) body.example = examples.request;
      // The success answer: 200, or 201/202 where an operation creates or queues something.
      const success = ['200', '201', '202'].find((s) => operation.responses?.[s]);
      const ok = success ? operation.responses?.[success]?.content?.['application/json'] : undefined;
      if (ok) ok.example = examples.response;
    }
  const envelope = doc.components?.schemas?.ErrorBody;
  if (envelope) envelope.examples = [ERROR_EXAMPLE];
  return doc;
}

/**
 * Statuses only answered after authentication and the rate limit, so they always carry the rate
 * limit headers; others (400, 413, 500, 503) can also come from layers before them (a bad URL, a
 * body too large, a database outage, a shutdown).
 */
const AFTER_RATE_LIMIT = new Set(['200', '201', '202', '403', '404', '409', '429', '502']);

/**
 * A path parameter over 100 characters is refused by the router, before authentication and the
 * rate limit: listed for each operation with one, with the headers it has.
 */
const PATH_TOO_LONG = {
  description:
    'A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent',
  headers: {
    'x-request-id': { schema: { type: 'string' }, description: 'Request id, also in error bodies' },
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/** x-request-id on every response, the rate limit headers where always sent, Retry-After on 429. */
function markRequiredHeaders(doc: OpenApiDocument): OpenApiDocument {
  for (const [path, operations] of Object.entries(doc.paths ?? {}))
    for (const operation of Object.values(operations)) {
      if (path.includes('{') && operation.responses && !operation.responses['414'])
        operation.responses['414'] = structuredClone(PATH_TOO_LONG);
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        for (const [name, header] of Object.entries(response.headers ?? {}))
          if (
            name === 'x-request-id' ||
            ((name === 'RateLimit' || name === 'RateLimit-Policy') && AFTER_RATE_LIMIT.has(status)) ||
            (name === 'Retry-After' && status === '429')
          )
            header.required = true;
    }
  return doc;
}
