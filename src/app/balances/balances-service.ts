import type { Cache } from '../../cache/cache.ts';
import { SingleFlight } from '../../cache/single-flight.ts';
import type { TokenMeta } from '../../chains/balance-reader.ts';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import { type ChainFamilies, rulesOf } from '../../chains/families.ts';
import { rpcError } from '../../chains/rpc-clients.ts';
import type { UserId } from '../../domain/ids.ts';
import { quoted } from '../../domain/input-values.ts';
import type { WalletRecord } from '../../domain/wallets.ts';
import { AppError, invalidInput } from '../../errors/app-error.ts';
import type { InvalidationBus } from '../../store/invalidation-bus.ts';
import type { Clock } from '../../support/clock.ts';
import type { WalletsService } from '../wallets.ts';
import { assembleBalances, type WalletBalance } from './assemble-balances.ts';
import { balanceAnswers } from './balance-answers.ts';
import {
  type CachedAmount,
  MAX_TOKENS,
  META_TTL_MS,
  metaKey,
  NATIVE_TTL_MS,
  nativeKey,
  TOKEN_TTL_MS,
  tokenAmountKey,
  tokenKey,
  tokenListKey,
  walletTag,
} from './balance-cache.ts';

export type { WalletBalance } from './assemble-balances.ts';

export interface BalanceQuery {
  chain: string;
  /** A wallet of the caller; absent: the caller's default wallet for the chain's type. */
  address?: string | undefined;
  /** Token addresses: the request's comma-separated text as it came, or a list. */
  tokens?: string | readonly string[] | undefined;
  includeZero?: boolean | undefined;
  /** Bypass the cache and refresh it. */
  fresh?: boolean | undefined;
}

/** Whether `value` is an address of the chain's family (its rules: no chain is read). */
const isAddressFor = (chain: Chain, value: string): boolean => rulesOf(chain).isAddress(value);

function parseTokens(chain: Chain, tokens: string | readonly string[] | undefined): string[] | null {
  if (tokens === undefined) return null;
  return parseTokenList(chain, typeof tokens === 'string' ? tokens.split(',') : tokens);
}

function parseTokenList(chain: Chain, tokens: readonly string[]): string[] | null {
  const seen = new Map<string, string>();
  for (const [i, raw] of tokens.entries()) {
    const token = raw.trim();
    if (token === '') continue;
    if (!isAddressFor(chain, token))
      throw invalidInput(
        `tokens[${i}]`,
        `${quoted(token)} is not a valid ${rulesOf(chain).label} token address`,
      );
    if (!seen.has(tokenKey(token))) seen.set(tokenKey(token), token);
  }
  if (seen.size > MAX_TOKENS)
    throw invalidInput('tokens', `at most ${MAX_TOKENS} distinct tokens, got ${seen.size}`);
  return seen.size === 0 ? null : [...seen.keys()];
}

/** Runs `work` with a signal that aborts after `ms`, and gives up waiting for it then. */
async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a wallet's native and token balances (DESIGN A8): cached per chain, wallet and token
 * (native 15 s, tokens 45 s, metadata for good), identical concurrent reads collapsed into one
 * upstream call, and a wallet's entries dropped in every instance when it writes.
 */
export function balancesService(deps: {
  chains: ChainRegistry;
  wallets: Pick<WalletsService, 'listAll'>;
  /** The chain families: each reads its chains' balances. */
  families: ChainFamilies;
  cache: Cache;
  bus: InvalidationBus;
  clock: Clock;
  timeoutMs: number;
}) {
  const { chains, wallets, families, cache, bus, clock, timeoutMs } = deps;
  const flights = new SingleFlight();
  const answers = balanceAnswers({ cache, chainSlugs: () => chains.list().map((c) => c.slug) });
  answers.onDrop((tag) => flights.forget(tag === null ? () => true : (key) => key.startsWith(`${tag}|`)));
  answers.subscribeInvalidations(bus);

  /** The caller's wallet the query names (else their default one of the chain's type), if any. */
  async function findWallet(userId: UserId, chain: Chain, address: string | undefined) {
    const all = await wallets.listAll(userId);
    const key = address === undefined ? undefined : tokenKey(address);
    return all.find(
      (w) =>
        w.chainType === chain.chainType && (key === undefined ? w.isDefault : tokenKey(w.address) === key),
    );
  }

  async function resolveWallet(userId: UserId, chain: Chain, address: string | undefined) {
    if (address !== undefined && !isAddressFor(chain, address))
      throw invalidInput(
        'address',
        `${quoted(address)} is not a ${rulesOf(chain).label} address (chain ${chain.slug})`,
      );
    const wallet = await findWallet(userId, chain, address);
    if (!wallet)
      throw new AppError(
        'WALLET_NOT_FOUND',
        address === undefined
          ? `You have no default ${chain.chainType} wallet`
          : `Wallet ${address} is not one of your wallets`,
      );
    return wallet;
  }

  /** Reads what the cache lacks, in one upstream call shared by identical concurrent reads. */
  function fetchMissing(
    chain: Chain,
    wallet: WalletRecord,
    native: boolean,
    tokens: readonly string[] | 'all',
  ) {
    const tag = walletTag(chain.slug, wallet.address);
    const flightKey = `${tag}|${native}|${tokens === 'all' ? '*' : tokens.join(',')}`;
    return flights.run(flightKey, async () => {
      const start = answers.mark();
      const known = new Map<string, TokenMeta>();
      const knownMeta = async (list: readonly string[]) => {
        const found = await cache.getMany<TokenMeta>(list.map((t) => metaKey(chain.slug, t)));
        for (const [i, meta] of found.entries()) if (meta) known.set(list[i]!, meta);
        return known;
      };
      const reader = families.of(chain).balances;
      const reading = await withDeadline(timeoutMs, (signal) =>
        reader.read({ chain, owner: wallet.address, native, tokens, knownMeta, signal }),
      ).catch((err: unknown) => {
        throw rpcError(chain, err);
      });
      const at = clock.now().getTime();
      const amounts = reading.tokens.map((t) => ({
        key: tokenAmountKey(tag, t.token),
        value: { raw: t.raw?.toString() ?? null, display: t.display, at } satisfies CachedAmount,
      }));
      if (!answers.droppedSince(tag, start)) {
        const writes: Promise<void>[] = [];
        if (reading.native !== null)
          writes.push(
            cache.setMany(
              [{ key: nativeKey(tag), value: { raw: reading.native.toString(), display: '', at } }],
              {
                ttlMs: NATIVE_TTL_MS,
                tags: [tag],
              },
            ),
          );
        writes.push(cache.setMany(amounts, { ttlMs: TOKEN_TTL_MS, tags: [tag] }));
        if (tokens === 'all')
          writes.push(
            cache.setMany([{ key: tokenListKey(tag), value: amounts.map((a) => a.key) }], {
              ttlMs: TOKEN_TTL_MS,
              tags: [tag],
            }),
          );
        await Promise.all(writes);
      }
      if (reading.meta.size > 0)
        await cache.setMany(
          [...reading.meta].map(([token, meta]) => ({ key: metaKey(chain.slug, token), value: meta })),
          { ttlMs: META_TTL_MS },
        );
      const metaAll = new Map([...known, ...reading.meta]);
      return {
        native: reading.native === null ? null : { raw: reading.native.toString(), display: '', at },
        tokens: new Map(reading.tokens.map((t, i) => [t.token, amounts[i]!.value])),
        meta: metaAll,
      };
    });
  }

  /**
   * The stored answer of this query, if any: the wallet is resolved as on every read (its list is
   * cached by the wallets service), the rest of the key is the query as it came (balance-answers.ts).
   * Anything unusual (an address that is not one, no such wallet) goes the full way, which refuses
   * it with the same error, in the same order, as without a stored answer.
   */
  async function storedAnswer(userId: UserId, chain: Chain, query: BalanceQuery) {
    if (query.fresh || (query.address !== undefined && !isAddressFor(chain, query.address))) return undefined;
    const wallet = await findWallet(userId, chain, query.address);
    return wallet && answers.get(answers.tagOf(chain.slug, wallet.address), query);
  }

  /** Reads (the cache's readings, else the chain), assembles, encodes and stores the answer. */
  async function computeAnswer(userId: UserId, chain: Chain, query: BalanceQuery) {
    const listed = parseTokens(chain, query.tokens);
    const wallet = await resolveWallet(userId, chain, query.address);
    const tag = answers.tagOf(chain.slug, wallet.address);
    // EVM without `tokens` is native only: an EVM node cannot list the tokens an address holds.
    const wanted: string[] | 'all' = listed ?? (rulesOf(chain).unlistedTokens === 'all' ? 'all' : []);
    const start = answers.mark();

    let native: CachedAmount | undefined;
    let tokenAmounts = new Map<string, CachedAmount>();
    let tokenOrder: string[] = wanted === 'all' ? [] : wanted;
    let missingTokens: string[] | 'all' = wanted;
    if (!query.fresh) {
      if (wanted === 'all') {
        const [cachedNative, cachedAll] = await cache.getMany<unknown>([nativeKey(tag), tokenListKey(tag)]);
        native = cachedNative as CachedAmount | undefined;
        const keys = cachedAll as string[] | undefined;
        if (keys) {
          const values = await cache.getMany<CachedAmount>(keys);
          // Served from the cache only when every account of the listing is still there.
          if (values.every((v) => v !== undefined)) {
            tokenOrder = keys.map((k) => k.slice(tokenAmountKey(tag, '').length));
            tokenAmounts = new Map(tokenOrder.map((t, i) => [t, values[i]!]));
            missingTokens = [];
          }
        }
      } else {
        const values = await cache.getMany<CachedAmount>([
          nativeKey(tag),
          ...wanted.map((t) => tokenAmountKey(tag, t)),
        ]);
        native = values[0];
        for (const [i, t] of wanted.entries()) {
          const v = values[i + 1];
          if (v) tokenAmounts.set(t, v);
        }
        missingTokens = wanted.filter((t) => !tokenAmounts.has(t));
      }
    }

    let meta = new Map<string, TokenMeta>();
    if (native === undefined || missingTokens === 'all' || missingTokens.length > 0) {
      const fetched = await fetchMissing(chain, wallet, native === undefined, missingTokens);
      native ??= fetched.native ?? undefined;
      for (const [t, v] of fetched.tokens) tokenAmounts.set(t, v);
      if (missingTokens === 'all') tokenOrder = [...fetched.tokens.keys()];
      meta = fetched.meta;
    }
    const needMeta = tokenOrder.filter((t) => !meta.has(t) && tokenAmounts.get(t)?.raw != null);
    if (needMeta.length > 0) {
      const found = await cache.getMany<TokenMeta>(needMeta.map((t) => metaKey(chain.slug, t)));
      for (const [i, m] of found.entries()) if (m) meta.set(needMeta[i]!, m);
    }

    const { balances: out, expiresAt } = assembleBalances({
      chain,
      owner: wallet.address,
      includeZero: query.includeZero === true,
      native,
      tokenOrder,
      tokenAmounts,
      meta,
    });
    // The body exactly as sent (schemas/balances.ts BalancesResponse), kept until its first reading expires.
    const body = Buffer.from(JSON.stringify({ balances: out }));
    await answers.put(tag, query, body, expiresAt - clock.now().getTime(), start);
    return { balances: out, body };
  }

  return {
    /** The balances of one of the caller's wallets on one chain, as objects the caller may change. */
    async read(userId: UserId, query: BalanceQuery): Promise<WalletBalance[]> {
      const chain = chains.get(query.chain);
      const stored = await storedAnswer(userId, chain, query);
      if (stored) return (JSON.parse(stored.toString('utf8')) as { balances: WalletBalance[] }).balances;
      return (await computeAnswer(userId, chain, query)).balances;
    },

    /**
     * As `read`, as the JSON response body (`{"balances":[...]}`, UTF-8): a cached read is one
     * lookup of the stored bytes (in process, or one Redis round trip), with nothing to encode.
     */
    async readEncoded(userId: UserId, query: BalanceQuery): Promise<Buffer> {
      const chain = chains.get(query.chain);
      return (await storedAnswer(userId, chain, query)) ?? (await computeAnswer(userId, chain, query)).body;
    },

    /**
     * Decimals and symbols of tokens on a chain (for showing amounts in whole units), from the
     * metadata cache (kept for good), else read in one upstream call. `owner` is a wallet whose
     * balances are read along (the reader's calls need one): any address of the chain's type does.
     * A token that cannot be read is absent from the answer; an RPC failure rejects.
     */
    async tokenMeta(
      chainSlug: string,
      tokens: readonly string[],
      owner?: string,
    ): Promise<Map<string, TokenMeta>> {
      const chain = chains.get(chainSlug);
      const byKey = new Map<string, string[]>();
      for (const t of tokens)
        if (isAddressFor(chain, t)) byKey.set(tokenKey(t), [...(byKey.get(tokenKey(t)) ?? []), t]);
      const out = new Map<string, TokenMeta>();
      const keys = [...byKey.keys()];
      if (keys.length === 0) return out;
      const found = new Map<string, TokenMeta>();
      const cached = await cache.getMany<TokenMeta>(keys.map((t) => metaKey(chain.slug, t)));
      for (const [i, meta] of cached.entries()) if (meta) found.set(keys[i]!, meta);
      const missing = keys.filter((k) => !found.has(k));
      if (missing.length > 0) {
        const who = owner !== undefined && isAddressFor(chain, owner) ? owner : rulesOf(chain).anyOwner;
        const reading = await withDeadline(timeoutMs, (signal) =>
          families.of(chain).balances.read({
            chain,
            owner: who,
            native: false,
            tokens: missing,
            knownMeta: async () => new Map(),
            signal,
          }),
        ).catch((err: unknown) => {
          throw rpcError(chain, err);
        });
        if (reading.meta.size > 0)
          await cache.setMany(
            [...reading.meta].map(([token, meta]) => ({ key: metaKey(chain.slug, token), value: meta })),
            { ttlMs: META_TTL_MS },
          );
        for (const [k, meta] of reading.meta) found.set(k, meta);
      }
      for (const [k, meta] of found) for (const t of byKey.get(k) ?? []) out.set(t, meta);
      return out;
    },

    /** Drops a wallet's cached balances in every instance; the write path calls it after a broadcast. */
    async invalidate(chainSlug: string, address: string): Promise<void> {
      try {
        await bus.publish({ kind: 'balances', chain: chainSlug, address: tokenKey(address) });
      } catch {
        // Delivered here already (the bus delivers locally first). Other instances then keep their
        // entries until the TTL (at most 45 s): not worth reporting a successful write as failed.
      }
    },
  };
}

export type BalancesService = ReturnType<typeof balancesService>;
