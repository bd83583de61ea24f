import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** Runs the wallet-api CLI to completion. */
export function cli(args: string[], env: Record<string, string>, input?: string) {
  const r = spawnSync(process.execPath, ['bin/wallet-api.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    input: input ?? '',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the wallet-api CLI without blocking this process (for servers it must reach here, such as fakes). */
export function cliAsync(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/wallet-api.js', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => {
      stdout += d;
    });
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `npm start`'s entry point and resolves once it prints that it is ready. */
export async function startServerProcess(
  env: Record<string, string>,
  readyTimeoutMs = 120_000,
  /** Run what `npm start` runs (the production build, built first when stale), not the sources. */
  options: { built?: boolean } = {},
): Promise<{
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}> {
  const args = options.built ? ['scripts/start.mjs'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in time:\n${out}`)), readyTimeoutMs);
    const check = () => {
      if (out.includes('is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** Every process descended from `pid`, with its command line, found through ps. */
export function descendantProcesses(pid: number): Array<{ pid: number; args: string }> {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const children = new Map<number, Array<{ pid: number; args: string }>>();
  for (const line of out.trim().split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, p, pp, args] = match as unknown as [string, string, string, string];
    children.set(Number(pp), [...(children.get(Number(pp)) ?? []), { pid: Number(p), args }]);
  }
  const found: Array<{ pid: number; args: string }> = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c.pid);
    }
  };
  walk(pid);
  return found;
}

/** Every process id descended from `pid`. */
export const descendants = (pid: number): number[] => descendantProcesses(pid).map((p) => p.pid);

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
