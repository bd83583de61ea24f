import type { BroadcastOutcome } from './chain-adapter.ts';

/** What a broadcast answer leaves a waiting transaction stuck on, if anything (any chain family). */
export function stuckReasonOf(outcome: BroadcastOutcome): string | null {
  if (outcome.kind === 'insufficient-funds')
    return `The wallet cannot pay for this transaction now (${outcome.reason}); it is sent again until it can`;
  if (outcome.kind === 'nonce-gap')
    return `Waiting for an earlier transaction of this wallet (${outcome.reason})`;
  // Sent again while the chain still shows its nonce free: the node holds another transaction at
  // it (an earlier attempt, or one sent elsewhere). Not proof of anything: it is looked at again.
  if (outcome.kind === 'nonce-used')
    return `The node refuses it as a used nonce (${outcome.reason}) while the chain does not show which transaction took it; it is looked at again until one lands`;
  return null;
}
