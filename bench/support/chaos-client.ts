/**
 * The chaos soak's client (bench/chaos.ts): one intended payment and how a well-behaved client
 * sends it, retrying with the same Idempotency-Key and body until a final answer.
 */
import { randomUUID } from 'node:crypto';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Payment {
  chain: 'evm-localnet' | 'solana-localnet';
  to: string;
  amount: bigint;
  key: string;
  apiKey: string;
  startedAt: number;
  id: string | null;
  final: { status: string; updatedAt: string; error: string | null; attempts: string[] } | null;
  refused: string | null;
  /** The client stopped retrying without a final answer (the payment may still land). */
  gaveUp: boolean;
  /** What the recipient holds at the end, in units of the amount (0, 1, 2; -1: some other sum). */
  onChain: number;
  requests: number;
  rekeyed: number;
}

/** A well-behaved client: the same key and body until a final answer, with backoff; bounded. */
export async function pay(api: string, p: Payment): Promise<void> {
  p.startedAt = Date.now();
  const body = JSON.stringify({ chain: p.chain, to: p.to, asset: 'native', amount: p.amount.toString() });
  for (let attempt = 0; attempt < 30; attempt++) {
    p.requests++;
    try {
      const res = await fetch(`${api}/send`, {
        method: 'POST',
        headers: { 'x-api-key': p.apiKey, 'content-type': 'application/json', 'idempotency-key': p.key },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await res.json()) as { id?: string; code?: string; error?: string };
      if (res.status === 200) {
        p.id = json.id ?? null;
        return;
      }
      // The key's attempt failed before anything was signed (say, an RPC error while checking
      // funds): the answer says nothing was sent, so the same intent goes again under a new key.
      if (res.status === 409 && /nothing was sent/.test(json.error ?? '')) {
        p.key = randomUUID();
        p.rekeyed++;
        continue;
      }
      const inFlight = res.status === 409 && /still in progress/.test(json.error ?? '');
      if (res.status < 500 && res.status !== 429 && !inFlight) {
        p.refused = `${res.status} ${json.code}: ${json.error}`;
        return;
      }
      const retryAfter = Number(res.headers.get('retry-after') ?? 0);
      await sleep(retryAfter > 0 ? retryAfter * 1000 : 200 * (attempt + 1));
    } catch {
      await sleep(200 * (attempt + 1));
    }
  }
  p.gaveUp = true;
}
