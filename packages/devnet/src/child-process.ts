// Parent side of a devnet child process: spawn it with an IPC channel (so it dies with us), wait for
// its `ready` message, report an unexpected exit as a crash, and stop it on request.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Logger } from 'pino';

export interface ManagedChild {
  url: string;
  pid: number;
  stop(): Promise<void>;
  onCrash(cb: (err: Error) => void): void;
}

export interface SpawnChildOptions {
  name: string;
  entry: string;
  /** Node options of the child (the TypeScript loader when running from src/). */
  execArgv: string[];
  env: Record<string, string>;
  logger: Logger;
  readyTimeoutMs?: number;
}

const STDERR_TAIL = 4000;

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

function readyUrl(msg: unknown): string | null {
  if (typeof msg !== 'object' || msg === null) return null;
  const m = msg as { type?: unknown; url?: unknown };
  return m.type === 'ready' && typeof m.url === 'string' ? m.url : null;
}

export async function spawnChild(opts: SpawnChildOptions): Promise<ManagedChild> {
  const child: ChildProcess = spawn(process.execPath, [...opts.execArgv, opts.entry], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...opts.env },
  });
  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL);
  });
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const text = chunk.trim();
    if (text) opts.logger.debug({ devnet: opts.name }, text);
  });

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${opts.name} did not become ready within ${opts.readyTimeoutMs ?? 60_000} ms`));
    }, opts.readyTimeoutMs ?? 60_000);
    const onMessage = (msg: unknown) => {
      const u = readyUrl(msg);
      if (u === null) return;
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      child.off('message', onMessage);
      resolve(u);
    };
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`${opts.name} failed to start (${describeExit(code, signal)}): ${stderrTail.trim()}`));
    };
    child.on('message', onMessage);
    child.once('exit', onEarlyExit);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });

  let stopping = false;
  const crashCallbacks: Array<(err: Error) => void> = [];
  child.once('exit', (code, signal) => {
    if (stopping) return;
    const err = new Error(
      `${opts.name} (pid ${child.pid}) exited unexpectedly (${describeExit(code, signal)})` +
        (stderrTail.trim() ? `: ${stderrTail.trim()}` : ''),
    );
    if (crashCallbacks.length === 0) opts.logger.error({ err, devnet: opts.name }, 'devnet process crashed');
    for (const cb of crashCallbacks) cb(err);
  });
  // An idle child must not keep the parent's event loop alive; the IPC channel ties their lives anyway.
  child.unref();
  child.channel?.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void })?.unref?.();

  return {
    url,
    pid: child.pid ?? -1,
    onCrash: (cb) => crashCallbacks.push(cb),
    stop: async () => {
      if (stopping) return exited;
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}
