// `wallet-api payouts ...`: a client of a running service (WALLET_API_URL, WALLET_API_KEY), as
// `wallet-api mcp` is. A payout's items come from a CSV file of to,amount,reference lines.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parsePayoutCsv } from '../app/payouts/payout-csv.ts';

const TIMEOUT_MS = 30_000;

function connection() {
  const url = process.env.WALLET_API_URL?.replace(/\/+$/, '');
  const key = process.env.WALLET_API_KEY;
  if (!url || !key)
    throw new Error('set WALLET_API_URL (the service, e.g. http://127.0.0.1:8080) and WALLET_API_KEY');
  return { base: `${url}/api/v1`, key };
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const { base, key } = connection();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const data = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${data.code ?? res.status}: ${data.error ?? 'request failed'}`);
  return data;
}

type Totals = {
  items: number;
  pending: number;
  submitted: number;
  confirmed: number;
  failed: number;
  transactions: number;
};

const progress = (p: Record<string, unknown>) => {
  const t = p.totals as Totals;
  return `${p.id} ${p.status}: ${t.confirmed}/${t.items} confirmed, ${t.failed} failed, ${t.submitted} submitted, ${t.pending} pending (${t.transactions} transactions)`;
};

export function registerPayoutCommands(program: Command, json: () => boolean): void {
  const payouts = program
    .command('payouts')
    .description('Payouts through a running service (WALLET_API_URL, WALLET_API_KEY)');
  payouts
    .command('create')
    .description('Pay every line of a CSV file (to,amount,reference; amounts in base units) and follow it')
    .requiredOption('--csv <file>', 'CSV file of to,amount,reference lines')
    .requiredOption('--chain <slug>', 'chain slug, e.g. base, solana')
    .requiredOption('--asset <asset>', 'native, erc20 or spl')
    .option('--token <address>', 'token address or mint (erc20, spl)')
    .option('--from <address>', 'sender wallet (default: your default wallet)')
    .option('--atomic', 'EVM native only: pack the items into Multicall3 transactions, each all-or-nothing')
    .option('--idempotency-key <uuid>', 'resume a payout whose request failed, with the key it printed')
    .option('--no-wait', 'print the payout as recorded and return')
    .action(
      async (opts: {
        csv: string;
        chain: string;
        asset: string;
        token?: string;
        from?: string;
        atomic?: boolean;
        idempotencyKey?: string;
        wait: boolean;
      }) => {
        const items = parsePayoutCsv(readFileSync(opts.csv, 'utf8'));
        const idempotencyKey = opts.idempotencyKey ?? randomUUID();
        if (!json()) console.log(`Paying ${items.length} items (Idempotency-Key ${idempotencyKey})`);
        let payout = await call(
          'POST',
          '/payouts',
          {
            chain: opts.chain,
            asset: opts.asset,
            items,
            ...(opts.token ? { token: opts.token } : {}),
            ...(opts.from ? { from: opts.from } : {}),
            ...(opts.atomic ? { atomic: true } : {}),
          },
          { 'idempotency-key': idempotencyKey },
        );
        let last = '';
        while (opts.wait && payout.status === 'processing') {
          const line = progress(payout);
          if (!json() && line !== last) console.log(line);
          last = line;
          await new Promise((r) => setTimeout(r, 1000));
          payout = await call('GET', `/payouts/${encodeURIComponent(String(payout.id))}`);
        }
        if (json()) console.log(JSON.stringify(payout, null, 2));
        else {
          console.log(progress(payout));
          for (const item of payout.items as {
            index: number;
            to: string;
            status: string;
            error: string | null;
          }[])
            if (item.status === 'FAILED')
              console.log(`  item ${item.index} to ${item.to} FAILED: ${item.error ?? ''}`);
        }
        if (payout.status === 'completed_with_failures') process.exitCode = 2;
      },
    );
  payouts
    .command('get')
    .description('A payout with the status of each item')
    .argument('<id>', 'payout id (pay_...)')
    .action(async (id: string) => {
      const payout = await call('GET', `/payouts/${encodeURIComponent(id)}`);
      console.log(json() ? JSON.stringify(payout, null, 2) : progress(payout));
    });
}
