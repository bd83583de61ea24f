/**
 * The nonce of a wallet's next transaction (README "EVM nonces heal"; DESIGN B3): the node's pending
 * count, or one past the highest nonce our records hold, whichever is further.
 *
 * - The pending count alone would reuse a nonce whose transaction the node lost or dropped from its
 *   pool (ours is still waiting to be sent again), or one a lagging load-balanced node has not seen.
 * - Our records alone would ignore a nonce used outside the service, which the count shows and we
 *   then skip.
 *
 * It is read under the wallet's lock, so two sends through the service never get the same nonce.
 */
export function nextNonce(pendingCount: bigint, highestRecorded: bigint | null): bigint {
  if (highestRecorded === null) return pendingCount;
  const pastOurs = highestRecorded + 1n;
  return pastOurs > pendingCount ? pastOurs : pendingCount;
}
