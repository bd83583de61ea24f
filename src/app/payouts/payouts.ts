import type { Logger } from 'pino';
import type { PayoutOrder } from '../../chains/chain-family.ts';
import type { Chain } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { TransactionId, UserId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import type { PayoutBodyType, PayoutSummaryView, PayoutView } from '../../schemas/payouts.ts';
import type { Database } from '../../store/database.ts';
import { type PayoutRecord, payoutsRepository } from '../../store/repositories/payouts-repository.ts';
import type { Clock } from '../../support/clock.ts';
import { newId } from '../../support/ids.ts';
import type { IdempotencyService } from '../idempotency.ts';
import { approvalReasons } from '../key-finer-rules.ts';
import type { KeyOfRequest, KeySpendService } from '../key-spend.ts';
import { nothingSent, readBack } from '../transactions/write-outcomes.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
import { decodeCursor, encodeCursor, payoutSummary, payoutView } from './payout-views.ts';

export interface PayoutsDeps {
  db: Database;
  clock: Clock;
  families: ChainFamilies;
  wallets: WalletsService;
  idempotency: IdempotencyService;
  keySpend: KeySpendService;
  /** Tells this process's runner that a payout waits (it runs at once instead of at its next look). */
  wake?: () => void;
  logger?: Logger;
}

/** What a parsed payout request holds: checked against its chain family's rules, nothing read yet. */
interface ParsedPayout {
  order: PayoutOrder;
  items: { index: number; to: string; amount: bigint; reference: string | null }[];
  total: bigint;
}

/**
 * Payouts (issue 31): many transfers of one asset from one wallet in one request. Everything is
 * checked as a whole before anything is recorded (addresses, amounts, references, the API key's
 * rules, funds with fees); then the payout and every item are recorded with the request's key
 * settled, in one statement, and a runner (payout-runner.ts) signs and broadcasts them in parts.
 */
/**
 * A payout never waits for a person: a key whose approval rules would hold it (every send needs
 * approval, or the payout moves more of the asset than a threshold, which its total stands for: on
 * Solana several items share one transaction, and splitting a payment into items must not slip
 * under a threshold) is refused, naming the rules; single sends of such a key wait for approval.
 */
function refuseWhatWouldWait(
  policy: KeyOfRequest['policy'],
  chain: Chain,
  token: string | null,
  total: bigint,
): void {
  const reasons = approvalReasons(
    policy,
    { chain: chain.slug, chainType: chain.chainType, moves: [{ asset: token ?? 'native', amount: total }] },
    'send',
  );
  if (reasons.length > 0)
    throw new AppError(
      'FORBIDDEN',
      `A payout cannot wait for a person's approval, and this API key sends it for approval (${reasons.join('; ')}): pay with single sends, which wait for approval, or with a key without approval rules`,
    );
}

/**
 * The answer when the statement recording a payout may have committed (its answer was lost and
 * nothing could be read back): never "nothing was done", since the runner pays a recorded payout.
 */
function mayHaveBeenRecorded(id: string, cause: unknown): AppError {
  return new AppError(
    'SEND_OUTCOME_UNKNOWN',
    `The database failed while payout ${id} was being recorded: it may have been, and then its items are being paid. ` +
      'Retry with the same Idempotency-Key to get the payout; that never pays twice',
    { cause, sent: 'maybe', headers: { 'Retry-After': '5' } },
  );
}

export function payoutsService(deps: PayoutsDeps) {
  const repo = payoutsRepository(deps.db);

  function parse(body: PayoutBodyType): ParsedPayout & { chain: ReturnType<ChainFamilies['get']>['chain'] } {
    const { chain, family } = deps.families.get(body.chain);
    if (!family.payouts) throw new AppError('CHAIN_UNKNOWN', `Payouts are not offered on ${chain.slug}`);
    if (body.asset !== 'native' && body.asset !== family.tokenAsset)
      throw new AppError(
        'INVALID_INPUT',
        `asset: ${body.asset} is not for ${family.label} chains; use ${family.tokenAsset} on ${chain.slug}`,
        { details: [{ path: 'asset', message: `must be native or ${family.tokenAsset}` }] },
      );
    if (body.asset === 'native' && body.token !== undefined)
      throw new AppError('INVALID_INPUT', 'token: not allowed for native payouts', {
        details: [{ path: 'token', message: 'not allowed for native payouts' }],
      });
    if (body.asset !== 'native' && body.token === undefined)
      throw new AppError('INVALID_INPUT', `token: required for ${body.asset} payouts`, {
        details: [{ path: 'token', message: 'required' }],
      });
    if (body.atomic === true && (body.asset !== 'native' || chain.chainType !== 'ethereum'))
      throw new AppError(
        'INVALID_INPUT',
        `atomic: only for native payouts on EVM chains (Multicall3 moves the native coin); this is ${body.asset} on ${chain.slug}`,
        { details: [{ path: 'atomic', message: 'only with asset native on an EVM chain' }] },
      );
    const token = body.token === undefined ? null : family.parseAddress('token', body.token);
    const seen = new Map<string, number>();
    let total = 0n;
    const items = body.items.map((item, index) => {
      const to = family.parseAddress(`items[${index}].to`, item.to);
      const amount = family.parseAmount(`items[${index}].amount`, item.amount);
      const reference = item.reference ?? null;
      if (reference !== null) {
        const earlier = seen.get(reference);
        if (earlier !== undefined)
          throw new AppError(
            'INVALID_INPUT',
            `items[${index}].reference: ${JSON.stringify(reference)} is also the reference of items[${earlier}]; references must be unique within a payout`,
            { details: [{ path: `items/${index}/reference`, message: `duplicates items[${earlier}]` }] },
          );
        seen.set(reference, index);
      }
      total += amount;
      return { index, to, amount, reference };
    });
    return {
      chain,
      order: { asset: body.asset === 'native' ? 'native' : 'token', token, atomic: body.atomic === true },
      items,
      total,
    };
  }

  // A payout is recorded with its key settled in one statement: a key left in progress by a
  // request that died recorded nothing.
  const claimKey = (userId: UserId, key: string, body: unknown) =>
    deps.idempotency.claim({ userId, key, path: '/payouts', body });

  return {
    /**
     * Checks and records a payout; answers the JSON to send with 202 (stored for replays). Nothing
     * is signed here: the runner takes it from the record.
     */
    async create(input: {
      userId: UserId;
      idempotencyKey: string;
      body: PayoutBodyType;
      key?: KeyOfRequest;
    }): Promise<{ json: string; status: number; replayed: boolean }> {
      const parsed = parse(input.body);
      const { chain } = parsed;
      const family = deps.families.of(chain);
      const writer = family.payouts as NonNullable<typeof family.payouts>;
      const outcome = await claimKey(input.userId, input.idempotencyKey, input.body);
      if (outcome.kind === 'replay') return { json: outcome.body, status: outcome.status, replayed: true };
      const { claim } = outcome;
      const planned = parsed.items.map(() => newId('tx'));
      let reserved = false;
      let maybeRecorded = false;
      const payoutId = newId('pay');
      /**
       * The statement that records the payout may have committed though its answer was lost (the
       * connection dropped): the runner would then pay every item. It is settled (readBack) before
       * anything is said; when that cannot be told, the items may be paid.
       */
      const recordOrReadBack = async (insert: () => Promise<boolean>): Promise<boolean> => {
        try {
          return await insert();
        } catch (err) {
          const found = async () => (await repo.findForUser(payoutId, input.userId)) !== null;
          const settled = await readBack(claim, nothingSent(err, 'nothing was recorded or sent'), found);
          if (settled === 'unknown') {
            maybeRecorded = true;
            throw mayHaveBeenRecorded(payoutId, err);
          }
          if (settled !== 'recorded') throw err;
          deps.logger?.warn({ err, payoutId }, 'the payout was recorded though the answer was lost');
          return true;
        }
      };
      try {
        if (input.key)
          try {
            refuseWhatWouldWait(input.key.policy, chain, parsed.order.token, parsed.total);
            reserved = await deps.keySpend.reserveMany(
              input.key,
              parsed.items.map((item, i) => ({
                transactionId: planned[i] as TransactionId,
                spend: {
                  chain: chain.slug,
                  chainType: chain.chainType,
                  moves: [{ asset: parsed.order.token ?? 'native', amount: item.amount }],
                  recipients: [item.to],
                },
              })),
            );
          } catch (err) {
            // A refusal by the key's policy changes nothing, like a 400: the key is left unused.
            await claim.release().catch(() => {});
            throw err instanceof AppError ? err.withSent('no') : err;
          }
        const wallet = await resolveWriteWallet(deps.wallets, input.userId, chain, input.body.from);
        const quote = await writer.quote(chain, wallet, parsed.order, parsed.items);
        const short = (needed: bigint, held: bigint, unit: string) => {
          if (held >= needed) return;
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `Wallet ${wallet.address} holds ${held} ${unit}; the payout needs ${needed} (total ${parsed.total}${
              unit === 'native units' || parsed.order.asset === 'native'
                ? ` plus fees up to ${quote.fees}`
                : ''
            }): short by ${needed - held}`,
            {
              details: [
                { path: 'total', message: needed.toString() },
                { path: 'shortfall', message: (needed - held).toString() },
              ],
            },
          );
        };
        short(quote.tokenNeeded, quote.tokenHeld, 'of the token');
        short(quote.nativeNeeded, quote.nativeHeld, 'native units');
        const now = deps.clock.now();
        const record: PayoutRecord = {
          id: payoutId,
          userId: input.userId,
          walletId: wallet.id,
          chain: chain.slug,
          chainType: chain.chainType,
          asset: input.body.asset,
          token: parsed.order.token,
          fromAddress: wallet.address,
          status: 'processing',
          itemCount: parsed.items.length,
          total: parsed.total,
          feeEstimate: quote.fees,
          apiKeyId: input.key?.id ?? null,
          atomic: parsed.order.atomic === true,
          runAfter: now,
          createdAt: now,
          updatedAt: now,
          completedAt: null,
        };
        const items = parsed.items.map((item, i) => ({ ...item, plannedId: planned[i] as TransactionId }));
        const json = JSON.stringify(
          payoutView(
            record,
            items.map((i) => ({
              ...i,
              transactionId: null,
              error: null,
              txStatus: null,
              txHash: null,
              txError: null,
              txDetails: null,
            })),
          ),
        );
        const inserted = await recordOrReadBack(() =>
          repo.insert(record, items, claim.link, { status: 202, body: json }),
        );
        if (!inserted)
          throw new AppError(
            'IDEMPOTENT_REPLAY',
            'This request lost its Idempotency-Key while it waited (it was settled as interrupted); nothing was recorded',
          );
        deps.wake?.();
        return { json, status: 202, replayed: false };
      } catch (err) {
        // Its items may be paid: the reservations stand and the key is left to the sweep.
        if (maybeRecorded) throw err;
        if (reserved) await Promise.all(planned.map((id) => deps.keySpend.release(id))).catch(() => {});
        const failure =
          err instanceof AppError ? err.withSent('no') : nothingSent(err, 'Nothing was recorded or sent');
        await claim.fail(failure).catch(() => {});
        throw failure;
      } finally {
        claim.end();
      }
    },

    async get(userId: UserId, id: string): Promise<PayoutView> {
      const p = await repo.findForUser(id, userId);
      if (!p) throw new AppError('NOT_FOUND', `Payout ${id} not found`);
      return payoutView(p, await repo.items(p.id));
    },

    async list(
      userId: UserId,
      query: { limit?: number; cursor?: string },
    ): Promise<{ payouts: PayoutSummaryView[]; nextCursor: string | null }> {
      const limit = query.limit ?? 20;
      const rows = await repo.listForUser(userId, limit + 1, decodeCursor(query.cursor));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        payouts: page.map(payoutSummary),
        nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },
  };
}

export type PayoutsService = ReturnType<typeof payoutsService>;
