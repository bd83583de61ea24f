// Gives integration tests a running development network. A test file that uses it declares
// `// @needs devnet` on its first lines (scripts/test-needs.mjs), and is refused here otherwise;
// `npm test` then starts one for the whole run (scripts/run-tests.mjs) and passes it in
// TEST_DEVNET_INFO / TEST_DEVNET_DATA_DIR. A test file run on its own, without the runner (node --test),
// starts a private one, which dies with the test process (the children watch their parent).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevnetInfo, type FundRequest, fundAddress, startDevnet } from '@wallet-api/devnet';
import pino from 'pino';
import { requireNeed } from '../../scripts/test-needs.mjs';

export type { DevnetInfo, FundRequest };

interface RunningDevnet {
  info: DevnetInfo;
  dataDir: string;
}

let running: Promise<RunningDevnet> | null = null;

function fromEnv(): RunningDevnet | null {
  const info = process.env.TEST_DEVNET_INFO;
  const dataDir = process.env.TEST_DEVNET_DATA_DIR;
  return info && dataDir ? { info: JSON.parse(info) as DevnetInfo, dataDir } : null;
}

async function devnet(): Promise<RunningDevnet> {
  running ??= (async () => {
    requireNeed('devnet');
    const shared = fromEnv();
    if (shared) return shared;
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-devnet-'));
    const started = await startDevnet({ dataDir, logger: pino({ level: 'warn' }, pino.destination(2)) });
    started.onCrash((err) => {
      console.error(`# development network crashed: ${err.message}`);
    });
    return { info: started.info, dataDir };
  })();
  return running;
}

/** The running development network (shared by the test run when the runner started one). */
export async function useDevnet(): Promise<DevnetInfo> {
  return (await devnet()).info;
}

/** The data directory whose devnet.json describes the network (for CLI tests). */
export async function devnetDataDir(): Promise<string> {
  return (await devnet()).dataDir;
}

/** Funds an address on the development network; amount in base units, native unless `token` is set. */
export async function fund(req: FundRequest): Promise<void> {
  await fundAddress(await useDevnet(), req);
}
