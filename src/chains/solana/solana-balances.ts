import { type Address, address } from '@solana/kit';
import type { BalanceReader, TokenMeta, TokenReading } from '../balance-reader.ts';
import type { ChainClients, SolanaRpc } from '../rpc-clients.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './program-ids.ts';
import {
  associatedTokenAddress,
  decodeTokenAccount,
  isTokenProgram,
  metaplexMetadataAddress,
  metaplexSymbol,
  mintDecimals,
  token2022Symbol,
} from './solana-token-metadata.ts';

/** getMultipleAccounts answers at most 100 accounts per call on public nodes. */
const MAX_ACCOUNTS_PER_CALL = 100;

interface AccountData {
  owner: Address;
  lamports: bigint;
  data: Uint8Array;
}

/** Accounts by address (null where none), in calls of at most 100 accounts, run together. */
async function getAccounts(rpc: SolanaRpc, addresses: readonly Address[], signal: AbortSignal) {
  const chunks: Address[][] = [];
  for (let i = 0; i < addresses.length; i += MAX_ACCOUNTS_PER_CALL)
    chunks.push(addresses.slice(i, i + MAX_ACCOUNTS_PER_CALL));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      rpc.getMultipleAccounts(chunk, { encoding: 'base64' }).send({ abortSignal: signal }),
    ),
  );
  const out = new Map<string, AccountData | null>();
  for (const [c, answer] of answers.entries()) {
    const chunk = chunks[c]!;
    if (!Array.isArray(answer.value) || answer.value.length !== chunk.length)
      throw new Error('getMultipleAccounts answered with the wrong number of accounts');
    for (const [i, account] of answer.value.entries())
      out.set(
        chunk[i]!,
        account
          ? {
              owner: account.owner,
              lamports: BigInt(account.lamports),
              data: Buffer.from(account.data[0], 'base64'),
            }
          : null,
      );
  }
  return out;
}

/** Decimals, program and (Token-2022 extension) symbol of a mint account, or null if not a mint. */
function mintMeta(account: AccountData | null | undefined): TokenMeta | null {
  if (!account || !isTokenProgram(account.owner)) return null;
  const decimals = mintDecimals(account.data);
  if (decimals === null) return null;
  const symbol = account.owner === TOKEN_2022_PROGRAM_ADDRESS ? token2022Symbol(account.data) : null;
  return { decimals, symbol, program: account.owner };
}

/** Mints' metadata: the mint accounts and their Metaplex metadata accounts, fetched together. */
async function fetchMeta(rpc: SolanaRpc, mints: readonly Address[], signal: AbortSignal) {
  const pdas = await Promise.all(mints.map(metaplexMetadataAddress));
  const accounts = await getAccounts(rpc, [...mints, ...pdas], signal);
  const meta = new Map<string, TokenMeta>();
  for (const [i, mint] of mints.entries()) {
    const m = mintMeta(accounts.get(mint));
    if (!m) continue;
    const metadata = accounts.get(pdas[i]!);
    m.symbol ??= metadata ? metaplexSymbol(metadata.data, mint) : null;
    meta.set(mint, m);
  }
  return meta;
}

/**
 * Solana balances through @solana/kit: native lamports plus Token and Token-2022 accounts.
 *
 * Listed mints: the associated token accounts are derived and read with the mints in at most two
 * `getMultipleAccounts` calls for 50 mints (1: wallet and mints, whose owner program fixes the
 * associated account; 2: those accounts and Metaplex metadata). With the metadata known, one call.
 * Only associated token accounts are read; a mint that is not a mint reads as null.
 *
 * No mints listed: every token account the wallet owns (`getTokenAccountsByOwner` for both
 * programs, amounts summed per mint) and the mints' metadata when not known.
 *
 * The port is the same for both chain types, so the owner (a wallet's recorded address) and the
 * mints (checked by the balances use case) arrive as strings. They become kit addresses here,
 * through `address()`, which checks them: the owner once per read, a mint only when its account
 * is read (its token program not yet known) or an address is first derived from it.
 */
export function solanaBalanceReader(deps: { clients: ChainClients }): BalanceReader {
  return {
    async read({ chain, owner: recorded, native, tokens, knownMeta, signal }) {
      const owner = address(recorded);
      const rpc = deps.clients.solana(chain);
      if (tokens === 'all') return readAll(rpc, owner, native, knownMeta, signal);

      const known = tokens.length > 0 ? await knownMeta(tokens) : new Map<string, TokenMeta>();
      const unknown = tokens.filter((t) => !known.get(t)?.program).map((t) => address(t));
      const knownAtas = new Map<string, Address>();
      for (const mint of tokens) {
        const program = known.get(mint)?.program;
        if (program) knownAtas.set(mint, await associatedTokenAddress(owner, mint, program));
      }
      const first = [...(native ? [owner] : []), ...unknown, ...knownAtas.values()];
      const firstAccounts = first.length > 0 ? await getAccounts(rpc, first, signal) : new Map();

      const meta = new Map<string, TokenMeta>();
      const atas = new Map(knownAtas);
      const needMetaplex: string[] = [];
      for (const mint of unknown) {
        const m = mintMeta(firstAccounts.get(mint));
        if (!m) continue;
        meta.set(mint, m);
        atas.set(mint, await associatedTokenAddress(owner, mint, m.program!));
        if (m.symbol === null) needMetaplex.push(mint);
      }
      const pdas = await Promise.all(needMetaplex.map(metaplexMetadataAddress));
      const second = [...unknown.flatMap((mint) => atas.get(mint) ?? []), ...pdas];
      const secondAccounts = second.length > 0 ? await getAccounts(rpc, second, signal) : new Map();
      for (const [i, mint] of needMetaplex.entries()) {
        const metadata = secondAccounts.get(pdas[i]!);
        if (metadata) meta.get(mint)!.symbol = metaplexSymbol(metadata.data, mint);
      }

      const readings: TokenReading[] = tokens.map((mint) => {
        const ata = atas.get(mint);
        if (!ata) return { token: mint, display: mint, raw: null };
        const account = firstAccounts.get(ata) ?? secondAccounts.get(ata) ?? null;
        // No associated account yet: the wallet holds none of this (real) token.
        if (account === null) return { token: mint, display: mint, raw: 0n };
        const decoded = isTokenProgram(account.owner) ? decodeTokenAccount(account.data) : null;
        const ok = decoded !== null && decoded.mint === mint && decoded.owner === owner;
        return { token: mint, display: mint, raw: ok ? decoded.amount : null };
      });
      const lamports = native ? (firstAccounts.get(owner)?.lamports ?? 0n) : null;
      return { native: lamports, tokens: readings, meta };
    },
  };
}

async function readAll(
  rpc: SolanaRpc,
  owner: Address,
  native: boolean,
  knownMeta: (tokens: readonly string[]) => Promise<ReadonlyMap<string, TokenMeta>>,
  signal: AbortSignal,
) {
  const byProgram = (programId: Address) =>
    rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'base64' }).send({ abortSignal: signal });
  const [balance, classic, token2022] = await Promise.all([
    native ? rpc.getBalance(owner).send({ abortSignal: signal }) : null,
    byProgram(TOKEN_PROGRAM_ADDRESS),
    byProgram(TOKEN_2022_PROGRAM_ADDRESS),
  ]);
  // A wallet may hold a mint in several accounts (its associated one and others): one sum per mint.
  const amounts = new Map<Address, bigint>();
  for (const { account } of [...classic.value, ...token2022.value]) {
    const decoded = decodeTokenAccount(Buffer.from(account.data[0], 'base64'));
    if (!decoded || decoded.owner !== owner) continue;
    amounts.set(decoded.mint, (amounts.get(decoded.mint) ?? 0n) + decoded.amount);
  }
  const mints = [...amounts.keys()].sort();
  const known = await knownMeta(mints);
  const meta = await fetchMeta(
    rpc,
    mints.filter((m) => !known.has(m)),
    signal,
  );
  const tokens: TokenReading[] = mints.map((mint) => ({
    token: mint,
    display: mint,
    raw: amounts.get(mint)!,
  }));
  return { native: balance === null ? null : BigInt(balance.value), tokens, meta };
}
