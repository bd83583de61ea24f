import { MAINNET_SLUGS } from '../config/chain-slugs.ts';
import type { Chain } from './chain-registry.ts';

/**
 * Where an RPC URL points, for people to read: scheme, host and port only. A provider's key often
 * sits in the path or query (…/v2/<key>, ?api-key=…), or in user:password@, none of which is shown.
 */
export function rpcOrigin(rpcUrl: string): string {
  try {
    const url = new URL(rpcUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * The start-up banner's lines about chains: each enabled chain with the origin of its RPC, and
 * whether any mainnet (real money) is on. `label` is the banner's column for the first line.
 */
export function chainSummaryLines(chains: readonly Chain[], label = '  Chains     '): string[] {
  const indent = ' '.repeat(label.length);
  if (chains.length === 0) return [`${label}none enabled (set CHAINS, e.g. CHAINS=base,solana)`];
  const width = Math.max(...chains.map((c) => c.slug.length));
  const lines = chains.map(
    (c, i) =>
      `${i === 0 ? label : indent}${c.slug.padEnd(width)}  ${c.rpcUrl ? rpcOrigin(c.rpcUrl) : '(no RPC)'}`,
  );
  const mainnets = chains.filter((c) => MAINNET_SLUGS.includes(c.slug)).map((c) => c.slug);
  lines.push(
    `${indent}${mainnets.length > 0 ? `mainnets, real money: ${mainnets.join(', ')}` : 'no mainnet (no real money)'}; CHAINS chooses the chains`,
  );
  return lines;
}
