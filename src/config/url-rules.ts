/**
 * Which outbound URLs a deployment may use. A chain RPC or aggregator URL often carries a key in its
 * path or query, so problems name the setting (and at most the host), never the whole URL.
 */

/** localhost, 127.0.0.0/8, ::1 (and 0.0.0.0, which connects to this machine): traffic that never leaves it. */
export function isLoopbackUrl(raw: string): boolean {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host.startsWith('127.') ||
    host === '0.0.0.0'
  );
}

const isHttps = (raw: string) => new URL(raw).protocol === 'https:';

/**
 * Production mode: chain RPCs must use https, except a node on this machine (plain http to loopback
 * never crosses a network, and a node beside the service is a common set-up).
 */
export function productionRpcProblem(setting: string, raw: string): string | null {
  if (isHttps(raw) || isLoopbackUrl(raw)) return null;
  return `${setting}: must use https in production mode (plain http is accepted only to this machine: localhost, 127.0.0.1, ::1)`;
}

/**
 * Aggregator APIs (1inch, Jupiter) build the transactions we sign, so whoever can rewrite their
 * answers can redirect a swap: https always in production mode; in local mode plain http only to
 * this machine (the development network's aggregator, a test double).
 */
export function aggregatorUrlProblem(setting: string, raw: string, production: boolean): string | null {
  if (isHttps(raw)) return null;
  if (production) return `${setting}: must use https in production mode`;
  if (isLoopbackUrl(raw)) return null;
  return `${setting}: must use https (plain http is accepted only to this machine, in local mode)`;
}
