import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, createPublicClient, http } from 'viem';
import { fund, useDevnet } from './devnet.ts';
import { freePort, type ServerProcess, startServerProcess } from './processes.ts';
import { type JsonRpcCall, type RpcProxy, startRpcProxy } from './rpc-proxy.ts';

/** Where a kill lands: before the node gets the call, or after it took it (its answer never heard). */
export type KillPoint = 'before-forward' | 'after-forward';

/**
 * The service as a process of its own on a data directory of its own (the embedded database and
 * the demo user), its EVM RPC through a proxy that can SIGKILL it at a chosen call: the crash tests'
 * bench. Start, kill and restart it on the same data; `close` stops what runs and forgets the data.
 */
export async function crashLab(name: string, env: Record<string, string> = {}) {
  const info = await useDevnet();
  const dataDir = mkdtempSync(join(tmpdir(), `wallet-api-${name}-`));
  let armed: { at: KillPoint; match: (call: JsonRpcCall) => boolean; kill: () => void } | null = null;
  const fire = (at: KillPoint, call: JsonRpcCall) => {
    if (!armed || armed.at !== at || !armed.match(call)) return false;
    armed.kill();
    armed = null;
    return true;
  };
  const proxy: RpcProxy = await startRpcProxy(info.evm.rpcUrl, {
    beforeForward: (call) => {
      if (fire('before-forward', call)) throw new Error('the service died before this call reached the node');
    },
    afterForward: (call) => {
      fire('after-forward', call);
    },
  });
  const port = await freePort();
  const serverEnv = {
    DATA_DIR: dataDir,
    DEVNET: 'off',
    PORT: String(port),
    RPC_URL_EVM_LOCALNET: proxy.url,
    TRACKER_INTERVAL_MS: '200',
    RATE_LIMIT_READ_PER_MINUTE: '100000',
    ...env,
  };
  let running: ServerProcess | null = null;
  return {
    api: `http://127.0.0.1:${port}/api/v1`,
    env: serverEnv,
    proxy,
    /** The development EVM node, read directly (not through the proxy). */
    evm: createPublicClient({ transport: http(info.evm.rpcUrl) }),
    /** Starts the service (again) on the lab's data. */
    async start(): Promise<ServerProcess> {
      running = await startServerProcess(serverEnv);
      return running;
    },
    /** The demo user's API key (written by the first start). */
    demoKey: () => readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim(),
    /** The demo user's EVM wallet, funded with `wei`. */
    async demoWallet(wei: bigint): Promise<Address> {
      const res = await fetch(`${this.api}/wallets?chain=ethereum`, {
        headers: { 'x-api-key': this.demoKey() },
      });
      const { wallets } = await res.json();
      const from = wallets[0].address as Address;
      await fund({ chain: 'evm-localnet', address: from, amount: wei });
      return from;
    },
    /** GET /payouts/{id} until the payout is no longer processing (3 minutes at most). */
    async waitForPayout(id: string, apiKey?: string): Promise<Record<string, unknown>> {
      const key = apiKey ?? this.demoKey();
      const read = async () =>
        (await (
          await fetch(`${this.api}/payouts/${id}`, { headers: { 'x-api-key': key } })
        ).json()) as Record<string, unknown>;
      let payout = await read();
      for (let i = 0; i < 900 && payout.status === 'processing'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        payout = await read();
      }
      return payout;
    },
    /**
     * SIGKILLs the running process at the first RPC call `match` accepts (it may count calls), at
     * `at`; resolves once it was killed.
     */
    killAt(at: KillPoint, match: (call: JsonRpcCall) => boolean): Promise<void> {
      const victim = running;
      if (!victim) throw new Error('no service is running');
      return new Promise<void>((resolve) => {
        armed = {
          at,
          match,
          kill: () => {
            victim.child.kill('SIGKILL');
            resolve();
          },
        };
      });
    },
    async close() {
      armed = null;
      await running?.stop('SIGTERM').catch(() => null);
      await proxy.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type CrashLab = Awaited<ReturnType<typeof crashLab>>;
