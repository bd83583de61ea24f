import type { Cache } from '../../cache/cache.ts';
import type { Invalidation, InvalidationBus } from '../../store/invalidation-bus.ts';
import { walletTag } from './balance-cache.ts';

/**
 * The read seam of `GET /wallets/balances` (docs/architecture.md, "The balances read path"): the
 * cache of encoded answers, and when the balance cache's entries stop being true.
 *
 * An answer is the response body as sent (bytes), kept until its first reading expires. Its key is
 * what the answer depends on: the wallet the request resolved to (chain and address: `walletTag`,
 * which is also the tag that drops it), `includeZero`, and the request's token list as it came
 * (its text: a hit then needs no parse, since the text was parsed, and so checked, when the answer
 * was stored; two spellings of one list are two entries of the same answer). Plain values only,
 * no object identity, so a Redis cache keeps and serves the same entries.
 *
 * Invalidation: a wallet's write drops every entry of its tag (readings and answers) in every
 * instance (`subscribeInvalidations`: the bus's `balances` events, or `invalidateWallet` directly).
 * A reading or an answer computed from reads that started before such a drop is not stored
 * (`mark`, then `droppedSince`), so a write is never followed by the balance from before it.
 */
export interface AnswerRequest {
  includeZero?: boolean | undefined;
  /** The request's comma-separated token list, or a list of tokens (joined: the same answer). */
  tokens?: string | readonly string[] | undefined;
}

/** The part of an answer's key that is not the wallet's tag (in parts: see `Cache.getBytes`). */
export const answerVariant = (request: AnswerRequest): readonly [string, string] => {
  const { tokens } = request;
  const text = tokens === undefined ? '' : typeof tokens === 'string' ? tokens : tokens.join(',');
  return [request.includeZero === true ? '1' : '0', text];
};

export function balanceAnswers(deps: {
  cache: Cache;
  /** Every chain's slug: an invalidation naming no chain drops the address on all of them. */
  chainSlugs: () => readonly string[];
}) {
  const { cache, chainSlugs } = deps;
  // `walletTag` by chain and address, values only: a wallet's address is the same string on every
  // read of its cached list, whose hash V8 keeps, while a tag built anew is a new string to hash
  // (lower-casing and joining it cost a tenth of a cached read). Bounded: cleared when large.
  const tags = new Map<string, Map<string, string>>();
  const tagOf = (chainSlug: string, address: string): string => {
    let bySlug = tags.get(chainSlug);
    if (bySlug === undefined) {
      bySlug = new Map();
      tags.set(chainSlug, bySlug);
    }
    let tag = bySlug.get(address);
    if (tag === undefined) {
      if (bySlug.size >= 10_000) bySlug.clear();
      tag = walletTag(chainSlug, address);
      bySlug.set(address, tag);
    }
    return tag;
  };
  const dropListeners: ((tag: string | null) => void)[] = [];

  // Each drop takes a sequence number; a result is stored only when no drop of its wallet came
  // after its reads started. The map is cleared when large, raising the floor instead.
  let sequence = 0;
  let floor = 0;
  const droppedAt = new Map<string, number>();

  const drop = (tag: string) => {
    sequence++;
    if (droppedAt.size >= 10_000) {
      droppedAt.clear();
      floor = sequence;
    }
    droppedAt.set(tag, sequence);
    for (const listener of dropListeners) listener(tag);
    void cache.invalidateTag(tag);
  };

  const dropEverything = () => {
    sequence++;
    droppedAt.clear();
    floor = sequence;
    for (const listener of dropListeners) listener(null);
  };

  /** Drops a wallet's entries here (the chain named, else on every chain). */
  const invalidateWallet = (event: { chain?: string | undefined; address: string }) => {
    const slugs = event.chain ? [event.chain] : chainSlugs();
    for (const slug of slugs) drop(walletTag(slug, event.address));
  };

  return {
    /** The tag of a wallet's entries on a chain (`walletTag`). */
    tagOf,
    /** The point in the invalidation sequence that reads starting now are stored against. */
    mark: (): number => sequence,
    /** Whether the wallet's entries were dropped after `start` (a result from then is stale). */
    droppedSince: (tag: string, start: number): boolean => (droppedAt.get(tag) ?? floor) > start,
    /** Called with a dropped tag, or null when everything was (to forget work in flight). */
    onDrop(listener: (tag: string | null) => void): void {
      dropListeners.push(listener);
    },

    /** The stored answer of a wallet's tag and a request, if still live. */
    get: (tag: string, request: AnswerRequest): Promise<Buffer | undefined> =>
      cache.getBytes(tag, answerVariant(request)),

    /** Stores an answer until `ttlMs` from now, unless the wallet's entries were dropped since `start`. */
    async put(tag: string, request: AnswerRequest, body: Buffer, ttlMs: number, start: number) {
      if (ttlMs > 0 && Number.isFinite(ttlMs) && !this.droppedSince(tag, start))
        await cache.setBytes(tag, answerVariant(request), body, { ttlMs });
    },

    invalidateWallet,

    /**
     * The one place the balance cache listens for writes: the bus's `balances` events drop the
     * wallet's entries; a listener that lost notifications forgets every reading taken before now.
     */
    subscribeInvalidations(bus: InvalidationBus): void {
      bus.subscribe((event: Invalidation) => {
        if (event.kind === 'balances') invalidateWallet(event);
      }, dropEverything);
    },
  };
}

export type BalanceAnswers = ReturnType<typeof balanceAnswers>;
