import type { BroadcastOutcome } from './chain-adapter.ts';

/** What a broadcast answer leaves a waiting transaction stuck on, if anything (any chain family). */
export function stuckReasonOf(outcome: BroadcastOutcome): string | null {
  if (outcome.kind === 'insufficient-funds')
    return `The wallet cannot pay for this transaction now (${outcome.reason}); it is sent again until it can`;
  if (outcome.kind === 'nonce-gap')
    return `Waiting for an earlier transaction of this wallet (${outcome.reason})`;
  return null;
}
