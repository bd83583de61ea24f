/**
 * Benchmark: payouts (issue 31). N recipients (BENCH_PAYOUT_ITEMS, default 200) on each development
 * chain, the time from the request to every item CONFIRMED, against N sequential POST /send calls
 * through the typed client (rate limit raised) to as many recipients, each then waited on until
 * CONFIRMED, in the same run. EVM: native payments; Solana: SPL payments to new owners (their token
 * accounts created). Reports the Solana transactions a payout used and the fees paid per item
 * (lamports the sender lost beyond the amounts, less the rent of the token accounts created).
 * EVM also in atomic mode (`"atomic": true`: the items packed into Multicall3 transactions), against
 * the same sequential sends, with the transactions it used.
 * Checked inside: every recipient holds exactly its amount afterwards (else it exits non-zero).
 *
 *   npm run bench:payouts        (BENCH_PAYOUT_ITEMS; BENCH_VERBOSE=1 prints each payout's progress;
 *                                 BENCH_PAYOUT_CHAINS=evm runs the EVM figures alone)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { fundAddress, startDevnet } from '@wallet-api/devnet';
import pino from 'pino';
import { createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { createWalletApiClient, type WalletApiClient } from '../packages/client/src/index.ts';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import { TOKEN_PROGRAM } from '../src/chains/solana/solana-transfers.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { type Figure, failed, report } from './support/report.ts';

const ITEMS = Number(process.env.BENCH_PAYOUT_ITEMS ?? 200);
const SOLANA = (process.env.BENCH_PAYOUT_CHAINS ?? 'evm,solana').includes('solana');
const TOKEN_ACCOUNT_RENT = 2_039_280n;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-payouts-'));
const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }) });
const info = devnet.info;
const runtime = await bootEphemeral({
  env: {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_READ_PER_MINUTE: '1000000000',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
    TRACKER_INTERVAL_MS: '250',
  },
  database: () => openPgliteDatabase(null),
  chains: createChainRegistry(
    {},
    {
      'evm-localnet': { rpcUrl: info.evm.rpcUrl },
      'solana-localnet': { rpcUrl: info.solana.rpcUrl },
    },
  ),
});
const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
const solana = createSolanaRpc(info.solana.rpcUrl);
const mint = info.solana.splMint.address;

/** A user with funded wallets on both chains, and a typed client with its key. */
async function fundedUser(): Promise<{ client: WalletApiClient; evmAddress: string; solAddress: string }> {
  const user = await runtime.services.users.create({
    email: `bench-${Date.now()}-${Math.random()}@example.test`,
  });
  const e = await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
  const s = await runtime.services.wallets.create(user.id, { chainType: 'solana' });
  const { key } = await runtime.services.apiKeys.create(user.id, { name: 'bench' });
  await fundAddress(info, { chain: 'evm-localnet', address: e.address, amount: parseEther('100') });
  await fundAddress(info, { chain: 'solana-localnet', address: s.address, amount: 50n * 10n ** 9n });
  await fundAddress(info, { chain: 'solana-localnet', address: s.address, amount: 10n ** 12n, token: mint });
  return {
    client: createWalletApiClient({ baseUrl: runtime.url, apiKey: key }),
    evmAddress: e.address,
    solAddress: s.address,
  };
}

const lamports = async (a: string) =>
  (await solana.getBalance(address(a), { commitment: 'confirmed' }).send()).value;
async function tokens(owner: string): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM,
  });
  try {
    return BigInt(
      (await solana.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send()).value.amount,
    );
  } catch {
    return 0n;
  }
}

async function evmRecipients() {
  return Array.from({ length: ITEMS }, (_, i) => ({
    to: privateKeyToAddress(generatePrivateKey()),
    amount: String(1000 + i),
  }));
}
async function solRecipients() {
  return Promise.all(
    Array.from({ length: ITEMS }, async (_, i) => ({
      to: (await generateKeyPairSigner()).address as string,
      amount: String(10 + i),
    })),
  );
}

async function check(
  label: string,
  items: { to: string; amount: string }[],
  held: (to: string) => Promise<bigint>,
) {
  for (const item of items)
    if ((await held(item.to)) !== BigInt(item.amount))
      failed(`${label}: ${item.to} does not hold exactly ${item.amount}`);
}

/** N sequential sends through the typed client, then every one waited on: ms to all CONFIRMED. */
async function sequential(
  client: WalletApiClient,
  chain: string,
  asset: 'native' | 'spl',
  items: { to: string; amount: string }[],
) {
  const started = performance.now();
  const ids: string[] = [];
  for (const item of items)
    ids.push(
      (
        await client.send({
          chain,
          asset,
          to: item.to,
          amount: item.amount,
          ...(asset === 'spl' ? { token: mint } : {}),
        })
      ).submission.id,
    );
  for (const id of ids) {
    const tx = await client.waitForTransaction(id, { timeoutMs: 600_000 });
    if (tx.status !== 'CONFIRMED') failed(`send ${id} ended ${tx.status}: ${tx.error}`);
  }
  return performance.now() - started;
}

async function payout(
  client: WalletApiClient,
  chain: string,
  asset: 'native' | 'spl',
  items: { to: string; amount: string }[],
  atomic = false,
) {
  const started = performance.now();
  const { payout: created } = await client.createPayout({
    chain,
    asset,
    items,
    ...(atomic ? { atomic } : {}),
    ...(asset === 'spl' ? { token: mint } : {}),
  });
  let last = '';
  const done = await client.waitForPayout(created.id, {
    timeoutMs: 600_000,
    onProgress: (p) => {
      const now = JSON.stringify(p.totals);
      if (now !== last && process.env.BENCH_VERBOSE)
        console.error(`# ${chain} ${Math.round(performance.now() - started)} ms ${now}`);
      last = now;
    },
  });
  if (done.status !== 'completed') failed(`payout ${done.id} ended ${done.status}`);
  const ms = performance.now() - started;
  return { ms, payout: done, server: await serverTimes(done.id) };
}

/**
 * Where a payout's time went, by the service's own clock from its record: to the last attempt
 * signed (each part's broadcast follows its recording, after the previous part's), and to
 * completed (every item CONFIRMED). What the caller saw adds the typed client's polling
 * (waitForPayout's interval grows from 250 ms to 3 s).
 */
async function serverTimes(id: string): Promise<{ signedMs: number; completedMs: number }> {
  const [row] = await runtime.db.query<{ created: Date; signed: Date; completed: Date }>(
    `select p.created_at as created, max(a.created_at) as signed, p.completed_at as completed
     from payouts p join payout_items i on i.payout_id = p.id
     join transaction_attempts a on a.transaction_id = i.transaction_id
     where p.id = $1 group by p.id`,
    [id],
  );
  const at = (d: Date | undefined) =>
    d ? new Date(d).getTime() - new Date(row?.created ?? 0).getTime() : NaN;
  return { signedMs: at(row?.signed), completedMs: at(row?.completed) };
}

const rows: Figure[] = [];
const split = (name: string, p: { ms: number; server: { signedMs: number; completedMs: number } }) =>
  rows.push({
    bench: 'payouts',
    figure: `${name}: service clock, to last transaction signed / to completed`,
    value: `${(p.server.signedMs / 1000).toFixed(1)} s / ${(p.server.completedMs / 1000).toFixed(1)} s`,
    baseline: `${(p.ms / 1000).toFixed(1)} s as the caller saw it`,
    ratio: p.server.completedMs / p.ms,
    target: '',
    met: null,
  });
const figure = (name: string, payoutMs: number, sendsMs: number, target: number) => {
  const ratio = sendsMs / payoutMs;
  rows.push({
    bench: 'payouts',
    figure: `${name}: ${ITEMS} items, request to all CONFIRMED`,
    value: `${(payoutMs / 1000).toFixed(1)} s`,
    baseline: `${(sendsMs / 1000).toFixed(1)} s (${ITEMS} sequential POST /send)`,
    ratio,
    target: `>= ${target}x faster`,
    met: ratio >= target,
  });
};

try {
  const user = await fundedUser();
  // EVM, native.
  const evmItems = await evmRecipients();
  const evmPayout = await payout(user.client, 'evm-localnet', 'native', evmItems);
  await check('evm payout', evmItems, (to) => evm.getBalance({ address: to as `0x${string}` }));
  const evmSendItems = await evmRecipients();
  const evmSends = await sequential(user.client, 'evm-localnet', 'native', evmSendItems);
  await check('evm sends', evmSendItems, (to) => evm.getBalance({ address: to as `0x${string}` }));
  figure('EVM native payout', evmPayout.ms, evmSends, 3);
  split('EVM native payout', evmPayout);
  const atomicItems = await evmRecipients();
  const atomicPayout = await payout(user.client, 'evm-localnet', 'native', atomicItems, true);
  await check('evm atomic payout', atomicItems, (to) => evm.getBalance({ address: to as `0x${string}` }));
  figure('EVM native atomic payout (Multicall3)', atomicPayout.ms, evmSends, 3);
  split('EVM native atomic payout (Multicall3)', atomicPayout);
  rows.push({
    bench: 'payouts',
    figure: `EVM native atomic payout: transactions for ${ITEMS} items`,
    value: String(atomicPayout.payout.totals.transactions),
    baseline: `${ITEMS} (one per send)`,
    ratio: atomicPayout.payout.totals.transactions / ITEMS,
    target: '',
    met: null,
  });

  // Solana, SPL to new owners (each recipient's token account is created).
  if (SOLANA) await solanaFigures(user);
  console.log(
    '# figures measured on a shared machine, under load from parallel work: compare ratios, not absolutes',
  );
  report(rows);
} finally {
  await runtime.stop();
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function solanaFigures(user: Awaited<ReturnType<typeof fundedUser>>) {
  const solItems = await solRecipients();
  const sum = (xs: { amount: string }[]) => xs.reduce((s, i) => s + BigInt(i.amount), 0n);
  const before = await lamports(user.solAddress);
  const solPayout = await payout(user.client, 'solana-localnet', 'spl', solItems);
  const payoutFees = before - (await lamports(user.solAddress)) - TOKEN_ACCOUNT_RENT * BigInt(ITEMS);
  await check('solana payout', solItems, tokens);
  const solSendItems = await solRecipients();
  const beforeSends = await lamports(user.solAddress);
  const solSends = await sequential(user.client, 'solana-localnet', 'spl', solSendItems);
  const sendFees = beforeSends - (await lamports(user.solAddress)) - TOKEN_ACCOUNT_RENT * BigInt(ITEMS);
  await check('solana sends', solSendItems, tokens);
  figure('Solana SPL payout', solPayout.ms, solSends, 5);
  split('Solana SPL payout', solPayout);
  rows.push({
    bench: 'payouts',
    figure: `Solana SPL payout: transactions for ${ITEMS} items (${sum(solItems)} token units)`,
    value: String(solPayout.payout.totals.transactions),
    baseline: `${ITEMS} (one per send)`,
    ratio: solPayout.payout.totals.transactions / ITEMS,
    target: '',
    met: null,
  });
  rows.push({
    bench: 'payouts',
    figure: 'Solana SPL payout: fees paid per item (lamports, rent excluded)',
    value: (Number(payoutFees) / ITEMS).toFixed(0),
    baseline: `${(Number(sendFees) / ITEMS).toFixed(0)} (per POST /send)`,
    ratio: Number(payoutFees) / Number(sendFees),
    target: '',
    met: null,
  });
}
