/**
 * The baseline of the read benchmarks: Fastify with no plugins, answering one GET route with
 * fixed bytes (the API's answer, encoded once, as the API keeps cached bodies), in a process that
 * loads fastify and nothing else of ours. Plain node, no TypeScript loader, no bundling.
 *
 *   node --import ./module-census.mjs bare-route.mjs   (BENCH_BARE_PATH, BENCH_BARE_BODY_FILE)
 *
 * Prints one JSON line: the URL, the body's size, what the process loaded (module-census.mjs), and
 * its pid. Stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { census } from './module-census.mjs';

const path = process.env.BENCH_BARE_PATH ?? '/';
const body = readFileSync(process.env.BENCH_BARE_BODY_FILE ?? '/dev/null');
const server = Fastify();
server.get(path.split('?')[0], async (_req, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
await server.listen({ host: '127.0.0.1', port: 0 });
const address = server.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.once('SIGTERM', () => process.exit(0));
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${port}${path}`, key: '', bytes: body.length, pid: process.pid, census: await census() })}\n`,
);
