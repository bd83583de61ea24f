// POST /simulate (issue 29 item 4): what a write would do if sent now, and what the calling key's rules
// would decide, with nothing signed, recorded or counted. The write is built exactly as its endpoint
// builds it (the same family rules, the aggregator's swap for a swap), then its family simulates it
// (ChainFamily's PreparedWrite.simulate); the key's rules are read through their public functions.
import type { Static } from 'typebox';
import type { Simulation } from '../../chains/chain-family.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { UserId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SimulateBodyType, SimulationSchema } from '../../schemas/control.ts';
import type { KeyOfRequest, KeySpendService } from '../key-spend.ts';
import { checkWrite, overDailyLimit, type WriteSpend } from '../key-write-rules.ts';
import type { SwapBody } from '../trading/trading.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
import { approveIntent, contractIntent, sendIntent, type WriteIntent } from './write-intents.ts';

export type SimulationView = Static<typeof SimulationSchema>;

export interface SimulationDeps {
  families: ChainFamilies;
  wallets: WalletsService;
  keySpend: Pick<KeySpendService, 'standing'>;
  /** How a swap is built (the trading use case's builder): the aggregator builds it for the wallet. */
  swapBuilder: (userId: UserId, body: SwapBody) => { build: () => Promise<WriteIntent>; spend: WriteSpend };
}

type Policy = SimulationView['policy'];

/** A check of the write that refuses it (funds, an allowance to give first): the answer is `ok: false`. */
const refusedBy = (err: unknown): err is AppError =>
  err instanceof AppError && err.status >= 400 && err.status < 500 && err.code !== 'FORBIDDEN';

export function simulationService(deps: SimulationDeps) {
  /** What the key's rules would say of the write now: reads what it moved today, counts nothing. */
  async function policyOf(key: KeyOfRequest | undefined, spend: WriteSpend): Promise<Policy> {
    if (!key) return { allowed: true, refusal: null, limits: [] };
    const standing = (await deps.keySpend.standing(key)).filter((l) => l.chain === spend.chain);
    try {
      for (const daily of checkWrite(key.policy, spend)) {
        const limit = standing.find((l) => l.asset === daily.asset);
        const spent = BigInt(limit?.spentLast24h ?? '0');
        if (spent + daily.amount > daily.perDay) throw overDailyLimit(spend.chain, daily, spent);
      }
    } catch (err) {
      if (err instanceof AppError && err.code === 'FORBIDDEN')
        return { allowed: false, refusal: err.message, limits: standing };
      throw err;
    }
    return { allowed: true, refusal: null, limits: standing };
  }

  return {
    async simulate(userId: UserId, body: SimulateBodyType, key?: KeyOfRequest): Promise<SimulationView> {
      const { kind, ...fields } = body;
      // Built as its endpoint builds it: a request its endpoint would refuse with 400 is refused so.
      let intent: WriteIntent | null = null;
      let build: (() => Promise<WriteIntent>) | null = null;
      let spend: WriteSpend;
      if (kind === 'swap') {
        const builder = deps.swapBuilder(userId, fields as SwapBody);
        build = builder.build;
        spend = builder.spend;
      } else {
        intent =
          kind === 'send'
            ? sendIntent(deps.families, fields as Parameters<typeof sendIntent>[1])
            : kind === 'approve'
              ? approveIntent(deps.families, fields as Parameters<typeof approveIntent>[1])
              : contractIntent(deps.families, fields as Parameters<typeof contractIntent>[1]);
        spend = intent.spend;
      }
      const policy = policyOf(key, spend);
      let simulation: Simulation | { failure: string };
      try {
        const write = intent ?? (await (build as () => Promise<WriteIntent>)());
        const wallet = await resolveWriteWallet(deps.wallets, userId, write.chain, write.from ?? fields.from);
        simulation = await write.simulate({ wallet });
      } catch (err) {
        if (!refusedBy(err) || err.code === 'WALLET_NOT_FOUND') throw err;
        simulation = { failure: err.message };
      }
      const view = {
        policy: await policy,
        ...('ok' in simulation
          ? {
              ok: simulation.ok,
              failure: simulation.failure,
              fee: {
                asset: 'native' as const,
                amount: simulation.fee.amount.toString(),
                maxAmount: simulation.fee.maxAmount.toString(),
                units: simulation.fee.units.toString(),
                unitsLimit: simulation.fee.unitsLimit.toString(),
                prices: simulation.fee.prices,
              },
              revert: simulation.revert,
              balanceChanges: simulation.balanceChanges.map((c) => ({ ...c, delta: c.delta.toString() })),
              method: simulation.method,
            }
          : {
              ok: false,
              failure: simulation.failure,
              fee: null,
              revert: null,
              balanceChanges: [],
              method: 'checks',
            }),
      };
      return view;
    },
  };
}

export type SimulationService = ReturnType<typeof simulationService>;
