import { randomUUID } from 'node:crypto';
import { Command, Option } from 'commander';
import type { KeyExpiry } from '../app/api-keys.ts';
import { KEY_EXPIRIES } from '../app/api-keys.ts';
import type { KeyPolicyInput } from '../app/key-policies.ts';
import { openCliDatabase } from '../boot/boot-cli.ts';
import { bootMcpStdio } from '../boot/boot-mcp-stdio.ts';
import { bootWorker } from '../boot/boot-worker.ts';
import { tuneV8 } from '../boot/v8-tuning.ts';
import { ConfigError, loadConfig, loadDotEnv } from '../config/config.ts';
import { isAppError } from '../errors/app-error.ts';
import { migrate } from '../store/migrate.ts';
import { createLogger } from '../support/logger.ts';
import { registerDevnetCommands } from './devnet-commands.ts';
import { addKeyRuleOptions, type KeyRuleOptions, keyRulesFromOptions } from './key-rule-options.ts';
import { connectOperator } from './operator-connection.ts';
import { printAudit, printAuditVerdict, printKey, printKeys, printResult } from './output.ts';
import { registerPayoutCommands } from './payout-commands.ts';
import { registerWebhookCommands } from './webhook-commands.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The configuration, and the process-wide V8 tuning it asks for (this is the CLI's entry point). */
function config() {
  loadDotEnv();
  const cfg = loadConfig();
  tuneV8(cfg);
  return cfg;
}

const program = new Command('wallet-api')
  .description('Operator commands of the Wallet Automation API')
  .option('--json', 'print JSON')
  .showHelpAfterError();

const json = () => Boolean(program.opts().json);

/** Runs one operator action and prints its result. */
async function withOperator<T>(
  action: (op: Awaited<ReturnType<typeof connectOperator>>['operator']) => Promise<T>,
  print: (result: T) => void,
): Promise<void> {
  const connection = await connectOperator(config());
  try {
    print(await action(connection.operator));
  } finally {
    await connection.close();
  }
}

const users = program.command('users').description('Manage users');
users
  .command('create')
  .description('Create a user')
  .requiredOption('--email <email>', 'email address')
  .option('--password-stdin', 'read a dashboard password from standard input')
  .action(async (opts: { email: string; passwordStdin?: boolean }) => {
    const password = opts.passwordStdin ? await readStdin() : undefined;
    await withOperator(
      (op) => op.createUser({ email: opts.email, ...(password !== undefined ? { password } : {}) }),
      (user) => printResult(json(), user, `Created user ${user.email} (${user.id})`),
    );
  });
users
  .command('set-password')
  .description('Set a user’s dashboard password, read from standard input')
  .requiredOption('--email <email>', 'email address')
  .action(async (opts: { email: string }) => {
    const password = await readStdin();
    await withOperator(
      (op) => op.setPassword({ email: opts.email, password }),
      (user) => printResult(json(), user, `Password set for ${user.email}`),
    );
  });

users
  .command('link')
  .description(
    'Link a user to their Privy account (WALLET_PROVIDER=privy): their wallets are its linked accounts',
  )
  .requiredOption('--email <email>', 'email address of the user here')
  .option(
    '--privy-user <did>',
    'the Privy user id (did:privy:...); looked up at Privy by the email when omitted',
  )
  .action(async (opts: { email: string; privyUser?: string }) => {
    await withOperator(
      (op) =>
        op.linkUser({
          email: opts.email,
          ...(opts.privyUser !== undefined ? { providerUserId: opts.privyUser } : {}),
        }),
      (r) =>
        printResult(
          json(),
          r,
          `Linked ${r.email} to ${r.providerUserId}: ${r.wallets.length} wallet(s)${r.wallets
            .map(
              (w) =>
                `\n  ${w.chainType} ${w.address}${w.isDefault ? ' (default)' : ''} ${w.clientType}/${w.providerType}, automation ${w.automationEnabled ? 'on' : 'off'}`,
            )
            .join('')}`,
        ),
    );
  });
users
  .command('unlink')
  .description('Remove a user’s link to their Privy account (their Privy wallets stop being used)')
  .requiredOption('--email <email>', 'email address of the user here')
  .action(async (opts: { email: string }) => {
    await withOperator(
      (op) => op.unlinkUser({ email: opts.email }),
      (user) => printResult(json(), user, `Unlinked ${user.email}`),
    );
  });

const wallets = program.command('wallets').description('Manage wallets');
wallets
  .command('create')
  .description('Create a wallet with the local signer')
  .requiredOption('--user <email>', 'owner email')
  .addOption(
    new Option('--chain-type <type>', 'chain type').choices(['ethereum', 'solana']).makeOptionMandatory(),
  )
  .option('--no-default', 'do not make it the default wallet (the first of a type always is)')
  .option('--no-automation', 'create it with automation off')
  .action(
    async (opts: {
      user: string;
      chainType: 'ethereum' | 'solana';
      default: boolean;
      automation: boolean;
    }) => {
      await withOperator(
        (op) =>
          op.createWallet({
            email: opts.user,
            chainType: opts.chainType,
            makeDefault: opts.default,
            automation: opts.automation,
          }),
        (w) =>
          printResult(
            json(),
            w,
            `Created ${w.chainType} wallet ${w.address}${w.isDefault ? ' (default)' : ''}, automation ${w.automationEnabled ? 'on' : 'off'}`,
          ),
      );
    },
  );
wallets
  .command('automation')
  .description('Turn automation (server-side signing) on or off for a wallet')
  .requiredOption('--address <address>', 'wallet address')
  .option('--on', 'enable')
  .option('--off', 'disable')
  .action(async (opts: { address: string; on?: boolean; off?: boolean }) => {
    if (Boolean(opts.on) === Boolean(opts.off)) program.error('error: give exactly one of --on or --off');
    await withOperator(
      (op) => op.setAutomation({ address: opts.address, enabled: Boolean(opts.on) }),
      (w) => printResult(json(), w, `Automation ${w.automationEnabled ? 'on' : 'off'} for ${w.address}`),
    );
  });

const keys = program.command('keys').description('Manage API keys');
addKeyRuleOptions(keys.command('create'))
  .description('Create an API key (printed once)')
  .requiredOption('--user <email>', 'owner email')
  .requiredOption('--name <name>', 'descriptive name')
  .addOption(new Option('--expires <expiry>', 'expiry').choices(Object.keys(KEY_EXPIRIES)).default('never'))
  .option(
    '--scopes <list>',
    'comma-separated: read, write (send, approve, contract calls), trade (quote, swap), approve (decide on writes waiting for approval; never a default); default read, write, trade',
  )
  .option('--chains <list>', 'comma-separated chain slugs the key may use; default all')
  .option(
    '--limit <chain:asset:perTx:perDay>',
    'a spend limit in base units, asset native or a token address or mint, - for no maximum (repeatable)',
    (value: string, all: string[]) => [...all, value],
    [] as string[],
  )
  .option('--recipients <list>', 'comma-separated addresses sends and approvals may go to; default any')
  .option('--contracts <list>', 'comma-separated contracts contract calls may target; default any')
  .option(
    '--allow-unlimited-approvals',
    'approvals may grant more of a limited token than the key may move per transaction and per day; default no',
  )
  .action(
    async (
      opts: {
        user: string;
        name: string;
        expires: KeyExpiry;
        scopes?: string;
        chains?: string;
        limit: string[];
        recipients?: string;
        contracts?: string;
        allowUnlimitedApprovals?: boolean;
      } & KeyRuleOptions,
    ) => {
      const list = (value: string | undefined) => (value === undefined ? undefined : value.split(','));
      const limits = opts.limit.map((spec) => {
        const parts = spec.split(':');
        if (parts.length !== 4) program.error(`error: --limit ${spec}: expected chain:asset:perTx:perDay`);
        const [chain, asset, perTransaction, perDay] = parts as [string, string, string, string];
        const amount = (v: string) => (v === '-' || v === '' ? null : v);
        return { chain, asset, perTransaction: amount(perTransaction), perDay: amount(perDay) };
      });
      const policy: KeyPolicyInput = {
        ...(opts.scopes !== undefined ? { scopes: list(opts.scopes) } : {}),
        ...(opts.chains !== undefined ? { chains: list(opts.chains) } : {}),
        ...(limits.length > 0 ? { limits } : {}),
        ...(opts.recipients !== undefined ? { recipients: list(opts.recipients) } : {}),
        ...(opts.contracts !== undefined ? { contracts: list(opts.contracts) } : {}),
        ...(opts.allowUnlimitedApprovals ? { allowUnlimitedApprovals: true } : {}),
        ...keyRulesFromOptions(opts, (message) => program.error(message)),
      };
      await withOperator(
        (op) => op.createKey({ email: opts.user, name: opts.name, expires: opts.expires, policy }),
        (created) => printKey(json(), created),
      );
    },
  );
keys
  .command('list')
  .description('List a user’s API keys, revoked and expired ones included')
  .requiredOption('--user <email>', 'owner email')
  .action(async (opts: { user: string }) => {
    await withOperator(
      (op) => op.listKeys({ email: opts.user }),
      (list) => printKeys(json(), list),
    );
  });
keys
  .command('revoke')
  .description('Revoke an API key, permanently and at once')
  .argument('<id>', 'key id (key_…)')
  .action(async (id: string) => {
    await withOperator(
      (op) => op.revokeKey({ id }),
      (k) => printResult(json(), k, `Revoked ${k.id} (${k.name})`),
    );
  });

const audit = program.command('audit').description('Read and verify the audit trail');
audit
  .command('list')
  .description('Audit entries, newest first (everyone’s, or one user’s)')
  .option('--user <email>', 'only this user’s entries')
  .option('--action <action>', 'only this action (key.created, write.accepted, …)')
  .option('--key <id>', 'only what this API key did')
  .option('--limit <n>', 'entries per page, 1 to 100', '50')
  .option('--cursor <cursor>', 'the next page, as printed after the previous one')
  .action(async (opts: { user?: string; action?: string; key?: string; limit: string; cursor?: string }) => {
    const limit = Number(opts.limit);
    if (!Number.isInteger(limit)) program.error('error: --limit must be an integer from 1 to 100');
    await withOperator(
      (op) =>
        op.listAudit({
          ...(opts.user !== undefined ? { email: opts.user } : {}),
          ...(opts.action !== undefined ? { action: opts.action } : {}),
          ...(opts.key !== undefined ? { keyId: opts.key } : {}),
          ...(opts.cursor !== undefined ? { cursor: opts.cursor } : {}),
          limit,
        }),
      (page) => printAudit(json(), page),
    );
  });
audit
  .command('verify')
  .description('Walk the audit hash chain: exit 0 with the count, or 1 naming the first bad entry')
  .action(async () => {
    await withOperator(
      (op) => op.verifyAudit({}),
      (verdict) => {
        if (!printAuditVerdict(json(), verdict)) process.exitCode = 1;
      },
    );
  });
const tx = program.command('tx').description('Act on a user’s transaction that is not final yet');
for (const action of ['speed-up', 'cancel'] as const) {
  const command = tx.command(action);
  command
    .description(
      action === 'speed-up'
        ? 'Speed up a pending EVM transaction: a replacement at the same nonce, fees raised at least 12.5 % (Solana: refused; --compute-unit-price is recorded for the re-sign after a proven expiry)'
        : 'Cancel a pending transaction (EVM: a zero-value self-transfer at its nonce, a race the original may win; Solana: stop re-signing it)',
    )
    .argument('<id>', 'transaction id (tx_…)')
    .requiredOption('--user <email>', 'owner email')
    .option(
      '--max-fee-per-gas <wei>',
      'the fee cap to offer, when higher (may pass the chain cap up to its ceiling)',
    )
    .option('--max-priority-fee-per-gas <wei>', 'the tip to offer, when higher');
  if (action === 'speed-up')
    command.option(
      '--compute-unit-price <microLamports>',
      'Solana: the compute-unit price the re-sign after a proven blockhash expiry pays at least (recorded; the speed-up itself is refused)',
    );
  command
    .option(
      '--idempotency-key <uuid>',
      'retry an earlier request: its answer is replayed, nothing is signed twice',
    )
    .action(
      async (
        id: string,
        opts: {
          user: string;
          maxFeePerGas?: string;
          maxPriorityFeePerGas?: string;
          computeUnitPrice?: string;
          idempotencyKey?: string;
        },
      ) => {
        const idempotencyKey = opts.idempotencyKey ?? randomUUID();
        await withOperator(
          (op) =>
            op.controlTransaction({
              email: opts.user,
              id,
              action,
              idempotencyKey,
              ...(opts.maxFeePerGas !== undefined ? { maxFeePerGas: opts.maxFeePerGas } : {}),
              ...(opts.maxPriorityFeePerGas !== undefined
                ? { maxPriorityFeePerGas: opts.maxPriorityFeePerGas }
                : {}),
              ...(opts.computeUnitPrice !== undefined ? { computeUnitPrice: opts.computeUnitPrice } : {}),
            }),
          (r) =>
            printResult(
              json(),
              { ...r, idempotencyKey },
              `${r.replayed ? '(replayed) ' : ''}${id} ${String(r.status)}, hash ${String(r.hash)}\n${r.notice}\nIdempotency-Key: ${idempotencyKey}`,
            ),
        );
      },
    );
}

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(async () => {
    const cfg = config();
    const { db, close } = await openCliDatabase(
      cfg,
      'wallet-api migrate',
      'a running server applies its migrations itself when it starts; to apply those of a newer version, stop it and start it again (or stop it and run migrate)',
    );
    try {
      const { applied } = await migrate(db);
      printResult(
        json(),
        { applied },
        applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date',
      );
    } finally {
      await close();
    }
  });

program
  .command('worker')
  .description('Run the transaction tracker and sweeps without serving HTTP (PostgreSQL deployments)')
  .action(async () => {
    const cfg = config();
    const logger = createLogger(cfg.LOG_LEVEL);
    const worker = await bootWorker(cfg, logger);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    logger.info('worker stopping');
    await worker.stop();
  });

program
  .command('mcp')
  .description(
    'Run an MCP server for AI agents on stdio, as a client of a running service (WALLET_API_URL, WALLET_API_KEY)',
  )
  .action(async () => {
    await bootMcpStdio(process.env);
  });

registerDevnetCommands(program, () => config().DATA_DIR);
registerWebhookCommands(program, withOperator);
registerPayoutCommands(program, json);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof ConfigError) {
    for (const p of err.problems) console.error(`config: ${p}`);
  } else if (isAppError(err)) {
    if (json()) console.error(JSON.stringify({ error: err.message, code: err.code }));
    else console.error(`error: ${err.message}`);
  } else {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exitCode = 1;
}
