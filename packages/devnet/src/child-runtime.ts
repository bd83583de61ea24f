// Helpers for the code that runs INSIDE a devnet child process (the Hardhat node and the LiteSVM RPC
// server). The parent is the only authority over a child's life: a child must never outlive it, and
// must not die before it either (Ctrl+C reaches the whole process group, and a child that vanished
// first would be reported as a crash while the service is merely shutting down).

export interface ReadyMessage {
  type: 'ready';
  url: string;
}

export interface StopMessage {
  type: 'stop';
}

function isStopMessage(msg: unknown): msg is StopMessage {
  return typeof msg === 'object' && msg !== null && (msg as { type?: unknown }).type === 'stop';
}

/**
 * Wires the child's lifetime to its parent: exits when the IPC channel closes (the parent exited, even
 * through SIGKILL), runs `shutdown` on a `stop` message, ignores SIGINT, and treats SIGTERM as "the
 * parent is going away": it gives the parent a moment to stop us cleanly, then exits anyway.
 */
export function bindToParent(name: string, shutdown: () => Promise<void>): void {
  if (!process.send || !process.connected) {
    process.stderr.write(`${name}: must be started by the devnet manager (no IPC channel)\n`);
    process.exit(2);
  }
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code), 3000);
    force.unref();
    shutdown().then(
      () => process.exit(code),
      () => process.exit(code),
    );
  };
  process.on('disconnect', () => stop(0));
  process.on('message', (msg) => {
    if (isStopMessage(msg)) stop(0);
  });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {
    setTimeout(() => stop(0), 2000).unref();
  });
  process.on('uncaughtException', (err) => {
    process.stderr.write(`${name}: ${err.stack ?? String(err)}\n`);
    process.exit(1);
  });
}

/** Runs the chain's seeding; a failure is told on stderr (the parent quotes it) and ends the child. */
export async function seedOrExit(name: string, seed: () => Promise<void>): Promise<void> {
  try {
    await seed();
  } catch (err) {
    process.stderr.write(
      `${name}: seeding failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  }
}

export function reportReady(url: string): void {
  const msg: ReadyMessage = { type: 'ready', url };
  process.send?.(msg);
}
