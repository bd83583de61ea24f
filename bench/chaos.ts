/**
 * Chaos soak (issue 10): several users send a few hundred payments on both local chains over a
 * couple of minutes through an RPC proxy that disturbs a fifth of all broadcasts (answers held past
 * the timeout, connections dropped after forwarding, gateway 502/503/504, JSON-RPC errors that
 * prove nothing, sends acknowledged and never forwarded) and a twentieth of the reads the tracker and
 * the write path make (held, dropped, gateway errors), with a base-fee spike and a reorg on the EVM
 * chain, reads served now and then by a node that lags behind a load balancer (null signature
 * statuses, missing receipts, stale nonces and heads: bench/support/chaos-faults.ts), and a restart
 * of the PostgreSQL server mid-run (a server of its own, scripts/local-postgres.mjs). Every client retries as a well-behaved client would: the same Idempotency-Key and body
 * on a network error, a 5xx, a 429, or a 409 that says the request is still in progress.
 *
 * Prints every intended payment's fate: accepted, refused, given up by the client, and on chain
 * landed once, twice or never (from the recipients' balances); the figure is landed once per
 * intended payment, so refusals and give-ups count against it. Also transactions not final at the
 * end, and time to final. Exits non-zero when
 * a correctness check fails, never on a timing.
 *
 *   npm run bench:chaos      (CHAOS_USERS, CHAOS_PAYMENTS, CHAOS_SEED, CHAOS_RATE, CHAOS_LAG_RATE, CHAOS_DB_DOWN_MS, CHAOS_PACE_MS to change)
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Writable } from 'node:stream';
import { address, generateKeyPairSigner } from '@solana/kit';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import { loadConfig } from '../src/config/config.ts';
import { startOwnPostgres } from '../test/support/own-postgres.ts';
import { startPrivateEvm, startPrivateSolana } from '../test/support/private-chains.ts';
import { seededRandom, startRpcProxy } from '../test/support/rpc-proxy.ts';
import { type Payment, pay } from './support/chaos-client.ts';
import { broadcastFaults, laggingReads, lostAnswers } from './support/chaos-faults.ts';
import { report } from './support/report.ts';

const USERS = Number(process.env.CHAOS_USERS ?? 6);
const PAYMENTS = Number(process.env.CHAOS_PAYMENTS ?? 240);
const SEED = Number(process.env.CHAOS_SEED ?? 1);
const RATE = Number(process.env.CHAOS_RATE ?? 0.2);
/** Pause between two payments of one sender lane: spreads the default run over about two minutes. */
const PACE_MS = Number(process.env.CHAOS_PACE_MS ?? 8000);
const RPC_TIMEOUT_MS = 1500;
const GWEI = 1_000_000_000n;

const random = seededRandom(SEED);
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads are disturbed a quarter as often as broadcasts, with lost answers only (never a wrong one). */
const READ_RATE = RATE / 4;
/** And as often again served stale by a lagging node (a wrong answer, as such a node gives). */
const LAG_RATE = Number(process.env.CHAOS_LAG_RATE ?? RATE / 4);
/** How long the database server stays down in its restart. */
const DB_DOWN_MS = Number(process.env.CHAOS_DB_DOWN_MS ?? 3000);
const EVM_READS = [
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getTransactionCount',
  'eth_getBalance',
];
const SOLANA_READS = ['getSignatureStatuses', 'getEpochInfo', 'getBalance', 'getLatestBlockhash'];
const lostAnswer = lostAnswers(RPC_TIMEOUT_MS);

const evm = await startPrivateEvm();
const sol = await startPrivateSolana();
const evmProxy = await startRpcProxy(evm.url);
const solProxy = await startRpcProxy(sol.url);
const pg = await startOwnPostgres();
const env = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_READ_PER_MINUTE: '1000000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
  TRACKER_INTERVAL_MS: '250',
  RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
  REPLACE_AFTER_MS_EVM_LOCALNET: '5000',
};
// The service's own warnings are counted, not printed: the reorg shows as one per transaction.
const reorgWarnings = { count: 0 };
/** CHAOS_LOG=<file>: the service's warnings go there too (what the tracker saw). */
const logFile = process.env.CHAOS_LOG;
const logSink = new Writable({
  write(chunk, _encoding, done) {
    if (String(chunk).includes('reorganised away')) reorgWarnings.count++;
    if (logFile) appendFileSync(logFile, chunk);
    done();
  },
});
const runtime = await bootEphemeral({
  env,
  database: pg.db,
  logStream: logSink,
  chains: createChainRegistry(loadConfig(env).chainOverrides, {
    'evm-localnet': { rpcUrl: evmProxy.url },
    'solana-localnet': { rpcUrl: solProxy.url },
  }),
});

let exitCode = 0;
try {
  // Users, each with an EVM and a Solana wallet, funded.
  const users = await Promise.all(
    Array.from({ length: USERS }, async () => {
      const user = await runtime.services.users.create({ email: `chaos-${randomUUID()}@example.test` });
      const evmWallet = await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
      const solWallet = await runtime.services.wallets.create(user.id, { chainType: 'solana' });
      await evm.fund(evmWallet.address as Address, 1000n * 10n ** 18n);
      await sol.fund(solWallet.address, 100n * 10n ** 9n);
      const { key } = await runtime.services.apiKeys.create(user.id, { name: 'chaos' });
      return { key };
    }),
  );

  evmProxy.chaos({
    methods: ['eth_sendRawTransaction', ...EVM_READS],
    rate: (call) => (call.method === 'eth_sendRawTransaction' ? RATE : READ_RATE),
    random,
    pick: (call) => {
      if (call.method !== 'eth_sendRawTransaction')
        return lostAnswer[Math.floor(random() * lostAnswer.length)]!();
      const all = broadcastFaults(RPC_TIMEOUT_MS, {
        kind: 'error',
        code: -32603,
        message: 'upstream request timed out',
      });
      return all[Math.floor(random() * all.length)]!();
    },
  });
  solProxy.chaos({
    methods: ['sendTransaction', ...SOLANA_READS],
    rate: (call) => (call.method === 'sendTransaction' ? RATE : READ_RATE),
    random,
    pick: (call) => {
      if (call.method !== 'sendTransaction') return lostAnswer[Math.floor(random() * lostAnswer.length)]!();
      const all = broadcastFaults(RPC_TIMEOUT_MS, {
        kind: 'error',
        code: -32005,
        message: 'Node is behind by 12 slots',
      });
      return all[Math.floor(random() * all.length)]!();
    },
  });
  const lagged = {
    evm: laggingReads(
      evmProxy,
      ['eth_getTransactionReceipt', 'eth_getTransactionCount', 'eth_getBlockByNumber'],
      LAG_RATE,
      random,
    ),
    solana: laggingReads(solProxy, ['getSignatureStatuses'], LAG_RATE, random),
  };

  const payments: Payment[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const chain = i % 2 === 0 ? 'evm-localnet' : 'solana-localnet';
    payments.push({
      chain,
      to:
        chain === 'evm-localnet'
          ? privateKeyToAddress(generatePrivateKey())
          : (await generateKeyPairSigner()).address,
      amount: chain === 'evm-localnet' ? 1000n + BigInt(i) : 1_000_000n + BigInt(i),
      key: randomUUID(),
      apiKey: users[i % USERS]!.key,
      startedAt: 0,
      id: null,
      final: null,
      refused: null,
      gaveUp: false,
      onChain: 0,
      requests: 0,
      rekeyed: 0,
    });
  }

  const api = `${runtime.url}/api/v1`;

  // Senders: each user sends its payments two at a time per chain, paced over a couple of minutes.
  const started = Date.now();
  const queues = new Map<string, Payment[]>();
  for (const p of payments) {
    const q = `${p.apiKey}|${p.chain}`;
    queues.set(q, [...(queues.get(q) ?? []), p]);
  }
  const workers = [...queues.values()].flatMap((q) =>
    [0, 1].map(async (lane) => {
      for (let i = lane; i < q.length; i += 2) {
        await pay(api, q[i]!);
        await sleep(Math.floor(PACE_MS * (0.75 + random() / 2)));
      }
    }),
  );

  // The database server restarts at half the sending: every session ends, requests meanwhile
  // answer 5xx (or wait), the tracker and the write path pick up where they were.
  const dbRestarted: { at: number | null } = { at: null };
  const dbRestart = (async () => {
    while (payments.filter((p) => p.id).length < PAYMENTS / 2) await sleep(200);
    pg.halt();
    dbRestarted.at = (Date.now() - started) / 1000;
    console.log(`# database server stopped at ${dbRestarted.at.toFixed(0)} s, for ${DB_DOWN_MS} ms`);
    await sleep(DB_DOWN_MS);
    pg.resume();
  })();
  // Chain events: a base-fee spike at a third, a reorg at two thirds of the sending.
  const events = (async () => {
    while (payments.filter((p) => p.id).length < PAYMENTS / 3) await sleep(200);
    // Payments pile up in the pool for a few seconds, then the base fee jumps twentyfold: those
    // signed before are priced out and must be re-signed with higher fees to land.
    await evm.automine(false);
    await sleep(4000);
    // Twentyfold, and at least 50 gwei: a local chain's base fee decays to almost nothing, below
    // the tip, where a multiple of it would price nothing out.
    const block = await evm.client.getBlock();
    const spiked = (block.baseFeePerGas ?? GWEI) * 20n;
    await evm.setBaseFee(spiked > 50n * GWEI ? spiked : 50n * GWEI);
    console.log(`# base-fee spike at ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await sleep(4000);
    await evm.automine(true);
    await evm.mine();
    while (payments.filter((p) => p.id).length < (2 * PAYMENTS) / 3) await sleep(200);
    const snapshot = await evm.rpc('evm_snapshot');
    await sleep(3000);
    await evm.rpc('evm_revert', [snapshot]);
    // From here the chain makes a block every second, as a real one does whether or not anyone
    // sends: with automine alone, a pool left holding transactions priced out by the spike (the
    // revert brings them back) would never see a block that lowers the base fee, and nothing would
    // move on it at all.
    await evm.rpc('evm_setIntervalMining', [1000]);
    console.log(`# reorg at ${((Date.now() - started) / 1000).toFixed(0)} s: 3 s of blocks reverted`);
  })();
  await Promise.all(workers);
  await events;
  await dbRestart;
  const sendSeconds = (Date.now() - started) / 1000;
  evmProxy.clearFaults();
  solProxy.clearFaults();

  // Everything accepted must become final (bounded wait).
  const deadline = Date.now() + 180_000;
  for (;;) {
    const open = payments.filter((p) => p.id && !p.final);
    if (open.length === 0 || Date.now() > deadline) break;
    await Promise.all(
      open.slice(0, 40).map(async (p) => {
        const tx = (await (
          await fetch(`${api}/tx/${p.id}`, { headers: { 'x-api-key': p.apiKey } })
        ).json()) as {
          status: string;
          updatedAt: string;
          error: string | null;
          attempts: string[];
        };
        if (tx.status === 'CONFIRMED' || tx.status === 'FAILED') p.final = tx;
      }),
    );
    await sleep(250);
  }

  const heldBy = async (p: Payment) =>
    p.chain === 'evm-localnet'
      ? await evm.client.getBalance({ address: p.to as Address })
      : (await sol.rpc.getBalance(address(p.to), { commitment: 'confirmed' }).send()).value;
  // The reorg above is deeper than the development chain's confirmation depth: a payment CONFIRMED
  // in the reverted blocks is gone until the service's reorg watch (a look 10 s after it confirmed,
  // then sparser) tracks it again and sends it anew. The service's last word counts: an answer that
  // disagrees with the chain (CONFIRMED and unpaid, FAILED and paid) is asked again until it
  // agrees or the watch has had two looks; what still disagrees then fails the run below.
  const settleBy = Date.now() + 60_000;
  const reconsidered = new Set<Payment>();
  for (;;) {
    const disagree: Payment[] = [];
    for (const p of payments)
      if (p.final && (p.final.status === 'CONFIRMED') !== (await heldBy(p)) > 0n) disagree.push(p);
    if (disagree.length === 0 || Date.now() > settleBy) break;
    await sleep(1000);
    for (const p of disagree) {
      const tx = (await (
        await fetch(`${api}/tx/${p.id}`, { headers: { 'x-api-key': p.apiKey } })
      ).json()) as NonNullable<Payment['final']>;
      p.final = tx.status === 'CONFIRMED' || tx.status === 'FAILED' ? tx : null;
      reconsidered.add(p);
    }
  }
  // Reconsidered ones not final again yet: given the rest of the deadline to become final.
  while (payments.some((p) => p.id && !p.final) && Date.now() < settleBy) {
    await sleep(500);
    for (const p of payments.filter((x) => x.id && !x.final)) {
      const tx = (await (
        await fetch(`${api}/tx/${p.id}`, { headers: { 'x-api-key': p.apiKey } })
      ).json()) as NonNullable<Payment['final']>;
      if (tx.status === 'CONFIRMED' || tx.status === 'FAILED') p.final = tx;
    }
  }

  // What landed, for every intended payment: its recipient must hold its amount exactly once.
  for (const p of payments) {
    const held = await heldBy(p);
    p.onChain = held === 0n ? 0 : held === p.amount ? 1 : held === 2n * p.amount ? 2 : -1;
  }
  const count = (f: (p: Payment) => boolean) => payments.filter(f).length;
  const landed = count((p) => p.onChain === 1);
  const twice = count((p) => p.onChain === 2);
  const wrong = count((p) => p.onChain === -1);
  const never = count((p) => p.onChain === 0);
  const accepted = count((p) => p.id !== null);
  const acceptedNever = count((p) => p.id !== null && p.onChain !== 1);
  const refused = payments.filter((p) => p.refused);
  const refusedLanded = count((p) => p.refused !== null && p.onChain !== 0);
  const gaveUp = count((p) => p.gaveUp);
  const gaveUpLanded = count((p) => p.gaveUp && p.onChain === 1);
  const notFinal = payments.filter((p) => p.id && !p.final).length;
  const failed = payments.filter((p) => p.final?.status === 'FAILED');
  const toFinal = payments
    .filter((p) => p.final?.status === 'CONFIRMED')
    .map((p) => new Date(p.final!.updatedAt).getTime() - p.startedAt);
  const replaced = payments.filter((p) => (p.final?.attempts.length ?? 0) > 1).length;
  const reorged = reorgWarnings.count;
  const { rewrite: _evmRewrites, ...evmInjected } = evmProxy.injected;
  const { rewrite: _solRewrites, ...solInjected } = solProxy.injected;
  const injected = { evm: evmInjected, solana: solInjected };

  console.log(
    `# chaos soak: seed ${SEED}, ${USERS} users, ${nprocLine()}, sending took ${sendSeconds.toFixed(0)} s`,
  );
  console.log(`intended payments            ${PAYMENTS}`);
  console.log(`accepted (200)               ${accepted}`);
  console.log(`refused (final 4xx)          ${refused.length}`);
  for (const r of refused.slice(0, 5)) console.log(`  ${r.refused}`);
  console.log(`given up by the client       ${gaveUp}   (of which landed once: ${gaveUpLanded})`);
  console.log(`landed on chain, once        ${landed}`);
  console.log(`landed twice                 ${twice}   (must be 0)`);
  console.log(`landed with a wrong amount   ${wrong}   (must be 0)`);
  console.log(
    `never landed                 ${never}   (accepted and never landed: ${acceptedNever}, must be 0)`,
  );
  console.log(`refused yet landed           ${refusedLanded}   (must be 0)`);
  for (const p of payments.filter((x) => x.id && x.onChain !== 1).slice(0, 5)) {
    const tx = (await (await fetch(`${api}/tx/${p.id}`, { headers: { 'x-api-key': p.apiKey } })).json()) as {
      status: string;
      nonce: number | null;
      hash: string | null;
      attempts: string[];
    };
    console.log(
      `  accepted, on chain ${p.onChain}x: ${p.chain} ${tx.status} nonce ${tx.nonce} hash ${tx.hash} attempts ${tx.attempts.join(',')}`,
    );
  }
  for (const p of payments.filter((x) => x.id && !x.final).slice(0, 5)) {
    const tx = (await (await fetch(`${api}/tx/${p.id}`, { headers: { 'x-api-key': p.apiKey } })).json()) as {
      status: string;
      chain: string;
      nonce: number | null;
      attempts: string[];
      stuckReason: string | null;
    };
    console.log(
      `  not final: ${tx.chain} ${tx.status} nonce ${tx.nonce} attempts ${tx.attempts.length}: ${tx.stuckReason ?? 'no stuck reason'}`,
    );
  }
  console.log(`not final at the end         ${notFinal}   (must be 0)`);
  console.log(`FAILED                       ${failed.length}`);
  for (const f of failed.slice(0, 5)) console.log(`  ${f.final?.error}`);
  console.log(`re-signed (attempts > 1)     ${replaced}`);
  console.log(`reorganised away, re-landed  ${reorged}`);
  console.log(
    `answers that changed after  ${reconsidered.size}   (CONFIRMED, then reorganised away: asked again)`,
  );
  console.log(`requests sent by clients     ${payments.reduce((n, p) => n + p.requests, 0)}`);
  console.log(`new keys after "nothing sent" ${payments.reduce((n, p) => n + p.rekeyed, 0)}`);
  console.log(
    `faults injected              evm ${JSON.stringify(injected.evm)} solana ${JSON.stringify(injected.solana)}`,
  );
  console.log(
    `stale reads (lagging node)   evm ${JSON.stringify(lagged.evm)} solana ${JSON.stringify(lagged.solana)}`,
  );
  console.log(
    `database server restarted   ${dbRestarted.at === null ? 'no' : `at ${dbRestarted.at.toFixed(0)} s`}`,
  );
  console.log(
    `time to CONFIRMED            p50 ${percentile(toFinal, 50)} ms, p99 ${percentile(toFinal, 99)} ms`,
  );
  console.log(`ratio landed / intended      ${(landed / PAYMENTS).toFixed(2)}   (target 1.00)`);
  const exact = twice === 0 && wrong === 0 && notFinal === 0 && acceptedNever === 0 && refusedLanded === 0;
  report([
    {
      bench: 'chaos',
      figure: 'payments under RPC faults, lagging reads, a database restart: landed once / intended',
      baseline: `${PAYMENTS} intended: ${accepted} accepted, ${refused.length} refused, ${gaveUp} given up; ${never} never landed`,
      value: String(landed),
      ratio: landed / PAYMENTS,
      target: '1.00, none twice, all final',
      met: exact,
    },
    {
      bench: 'chaos',
      figure: 'time to CONFIRMED under faults, p50 ms',
      baseline: '',
      value: String(percentile(toFinal, 50)),
      ratio: null,
      target: '',
      met: null,
    },
  ]);
  if (!exact || accepted + refused.length + gaveUp !== PAYMENTS || dbRestarted.at === null) {
    console.error(
      '# FAILED: a payment landed twice, an accepted one never, a refused one did, a transaction is not final, or the database never restarted',
    );
    exitCode = 1;
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await runtime.stop();
  await Promise.all([evmProxy.close(), solProxy.close()]);
  await Promise.all([evm.stop(), sol.stop()]);
  await pg.stop();
}
process.exit(exitCode);

function nprocLine(): string {
  return `${cpus().length} CPUs`;
}
