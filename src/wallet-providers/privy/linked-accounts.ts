import { address as solanaAddress } from '@solana/kit';
import { getAddress } from 'viem';
import type { LinkedWallet } from '../../domain/wallets.ts';

/** The fields of a Privy linked account this service reads (reference/privy.md §2.3); all optional on the wire. */
interface LinkedAccount {
  type?: unknown;
  id?: unknown;
  address?: unknown;
  chain_type?: unknown;
  wallet_client?: unknown;
  wallet_client_type?: unknown;
  connector_type?: unknown;
  delegated?: unknown;
  wallet_index?: unknown;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A display address of the chain type, or null when the account's address is not one. */
function normalAddress(chainType: 'ethereum' | 'solana', raw: string): string | null {
  try {
    return chainType === 'ethereum' ? getAddress(raw) : solanaAddress(raw);
  } catch {
    return null;
  }
}

/**
 * The wallets of a Privy user, derived from its linked accounts (issue 12, DESIGN B1):
 * - Ethereum and Solana accounts of `type: wallet`; smart wallets, cross-app and Bitcoin accounts
 *   are not wallets this service can use and are left out;
 * - embedded Privy wallets (`wallet_client_type: privy`, `connector_type: embedded`) are the only
 *   ones the server can sign with: `automationEnabled` is their `delegated` flag, and the one with
 *   the lowest `wallet_index` of each chain type is the default (Privy has no default flag; ties go
 *   to the earlier account);
 * - external wallets are listed with automation off and never a default;
 * - `providerType` and `clientType` are `connector_type` and `wallet_client_type` as Privy gives them.
 * Accounts with an address that is not valid for their chain are skipped (a response we cannot
 * use is never guessed at).
 */
export function walletsFromLinkedAccounts(accounts: unknown): LinkedWallet[] {
  if (!Array.isArray(accounts)) return [];
  const out: (LinkedWallet & { index: number })[] = [];
  const seen = new Set<string>();
  for (const raw of accounts as LinkedAccount[]) {
    if (!raw || typeof raw !== 'object' || raw.type !== 'wallet') continue;
    const chainType = raw.chain_type === 'ethereum' || raw.chain_type === 'solana' ? raw.chain_type : null;
    const rawAddress = str(raw.address);
    if (!chainType || !rawAddress) continue;
    const address = normalAddress(chainType, rawAddress);
    if (!address) continue;
    const key = `${chainType}:${chainType === 'ethereum' ? address.toLowerCase() : address}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const clientType = str(raw.wallet_client_type) ?? str(raw.wallet_client) ?? 'unknown';
    const providerType = str(raw.connector_type) ?? 'unknown';
    const embedded = clientType === 'privy' && providerType === 'embedded';
    out.push({
      address,
      chainType,
      providerWalletId: embedded ? str(raw.id) : null,
      providerType,
      clientType,
      isDefault: false,
      automationEnabled: embedded && raw.delegated === true,
      embedded,
      index:
        typeof raw.wallet_index === 'number' && Number.isSafeInteger(raw.wallet_index)
          ? raw.wallet_index
          : Number.MAX_SAFE_INTEGER,
    });
  }
  for (const chainType of ['ethereum', 'solana'] as const) {
    let best: (typeof out)[number] | undefined;
    for (const w of out)
      if (w.chainType === chainType && w.embedded && (!best || w.index < best.index)) best = w;
    if (best) best.isDefault = true;
  }
  return out.map(({ index: _index, ...w }) => w);
}
