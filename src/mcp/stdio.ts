import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { describeError } from '../support/describe-error.ts';
import { httpApiCaller, serviceRoot } from './api-caller.ts';
import { DerivedKeys, keyIdentity } from './derived-keys.ts';
import { createMcpServer } from './mcp-server.ts';

/** A setting `wallet-api mcp` cannot run without: one line, on stderr, and exit code 1. */
export class McpSettingsError extends Error {
  override readonly name = 'McpSettingsError';
}

/** WALLET_API_URL and WALLET_API_KEY, checked: the service to call and the key to call it with. */
export function stdioSettings(env: Record<string, string | undefined>): { url: string; apiKey: string } {
  const url = env.WALLET_API_URL?.trim() ?? '';
  const apiKey = env.WALLET_API_KEY?.trim() ?? '';
  const missing = [url ? null : 'WALLET_API_URL', apiKey ? null : 'WALLET_API_KEY'].filter(Boolean);
  if (missing.length > 0)
    throw new McpSettingsError(
      `wallet-api mcp needs ${missing.join(' and ')} in its environment: WALLET_API_URL is the service ` +
        '(e.g. http://127.0.0.1:8080), WALLET_API_KEY an API key of it (wak_...)',
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new McpSettingsError(`WALLET_API_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new McpSettingsError(`WALLET_API_URL must be an http(s) URL, got ${parsed.protocol}`);
  return { url: serviceRoot(url), apiKey };
}

/**
 * `wallet-api mcp`: an MCP server on stdin/stdout that is a client of a running service. stdout
 * carries the protocol only; what is logged goes to stderr. Resolves when the client goes away
 * (stdin closes) or on SIGINT/SIGTERM.
 */
export async function runStdioServer(env: Record<string, string | undefined>): Promise<void> {
  const { url, apiKey } = stdioSettings(env);
  const http = httpApiCaller({ baseUrl: url, apiKey });
  // Calls still running when the client closes stdin are answered before the server closes: a
  // write's outcome is written out rather than dropped.
  const running = new Set<Promise<unknown>>();
  const server = createMcpServer({
    call: (request) => {
      const call = http(request);
      running.add(call);
      void call.then(
        () => running.delete(call),
        () => running.delete(call),
      );
      return call;
    },
    identity: keyIdentity(apiKey),
    // Per process: derived keys last as long as this server.
    derivedKeys: new DerivedKeys(),
    onCallFailed: (tool, err) =>
      console.error(
        `wallet-api mcp: ${tool}: no answer from ${url}: ${describeError((err as Error).cause ?? err)}`,
      ),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const stop = () => void server.close();
  process.stdin.once('end', () => {
    void Promise.allSettled(running)
      // The answers' writes to stdout are queued after the calls settle.
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(stop);
  });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await server.connect(transport);
  console.error(`wallet-api mcp: serving ${url} over stdio`);
  await closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
}
