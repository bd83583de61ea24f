import type { ChainFamilies } from '../../chains/families.ts';
import type { TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { SwapBody, TradingService } from '../trading/trading.ts';
import type { DeferredBuilder } from './deferred-writes.ts';
import {
  type ApproveBody,
  approveIntent,
  type ContractBody,
  contractIntent,
  type SendBody,
  sendIntent,
} from './write-intents.ts';

/**
 * How a deferred write is rebuilt from its endpoint's validated body when it is executed: through
 * the endpoint's own builder, so it is checked exactly as a write signed at once would be.
 *
 * A swap is quoted again when it is executed (an aggregator's route lasts seconds; an approval may
 * take hours), and the new route is held to the price the request was recorded with: a route that
 * delivers less than the recorded expected amount minus the request's slippage is refused, and the
 * write ends FAILED with nothing signed. The approver approved that trade at about that price, not
 * any trade of that amount.
 */
export function deferredBuilders(deps: {
  families: ChainFamilies;
  trading: TradingService;
}): Record<string, DeferredBuilder> {
  return {
    '/send': (_userId, body) => sendIntent(deps.families, body as SendBody),
    '/token/approve': (_userId, body) => approveIntent(deps.families, body as ApproveBody),
    '/contracts/send': (_userId, body) => contractIntent(deps.families, body as ContractBody),
    '/trade/swap': async (userId, body, recorded) => {
      const intent = await deps.trading.swapBuilder(userId, body as SwapBody).build();
      holdToRecordedPrice(recorded, intent.details);
      return intent;
    },
  };
}

/** Basis points of a percent slippage (at most 50%, so always a whole number of basis points here). */
const bps = (slippage: string) => BigInt(Math.round(Number(slippage) * 100));

function holdToRecordedPrice(recorded: TransactionRecord, details: Record<string, string>): void {
  const before = recorded.details.expectedAmount;
  const slippage = recorded.details.slippage;
  const now = details.expectedAmount;
  if (typeof before !== 'string' || typeof slippage !== 'string' || now === undefined) return;
  const least = (BigInt(before) * (10_000n - bps(slippage))) / 10_000n;
  if (BigInt(now) < least)
    throw new AppError(
      'QUOTE_FAILED',
      `The swap's price moved since it was asked: it was expected to deliver ${before}, and now delivers ${now}, below ${least} (the recorded amount less its ${slippage}% slippage)`,
    );
}
