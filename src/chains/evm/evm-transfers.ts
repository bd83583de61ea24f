// The value a simulated EVM call moves, read from what the node reports (issue 29 item 5), as a list
// of transfers: native value and ERC20 `Transfer` events, each only if every frame around it
// succeeded.
//
// Two sources, both exact for what they cover:
// - eth_simulateV1 with `traceTransfers` (geth, reth, Nethermind, Erigon): the logs of the call,
//   native value transfers among them as Transfer logs of 0xEeee…EEeE. Preferred where the node has it.
// - debug_traceCall with the default struct logger, which Hardhat, geth, Erigon, Nethermind and Anvil
//   all serve (Hardhat has no eth_simulateV1 and no tracer options, measured): every opcode with its
//   stack and memory. A LOG3 whose first topic is Transfer(address,address,uint256) is an ERC20
//   transfer by the contract whose context runs it; a CALL with value moves native value. A frame's
//   events count only when it returned success (the flag its caller finds on top of its stack) and
//   so did every frame above it, as the chain would keep them.
// Balance diffs by eth_call with a state override were the alternative: exact too, but only for the
// accounts and tokens one already knows to ask about, and a swap's pool is exactly what one does not.
// Not covered: value sent by SELFDESTRUCT (its amount is the contract's whole balance, which the trace
// does not show), and tokens that change balances without a Transfer event (WETH9 deposits emit Deposit).
import { getAddress, type Hex, toEventSelector } from 'viem';

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
/** The address eth_simulateV1 gives the logs of native value transfers. */
export const NATIVE_TRANSFER_LOG_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export interface MovedValue {
  /** `native`, or the token contract (checksummed). */
  asset: string;
  from: string;
  to: string;
  amount: bigint;
}

export interface StructLog {
  depth: number;
  op: string;
  stack?: string[];
  memory?: string[];
}

export interface StructTrace {
  failed: boolean;
  gas: number | string;
  returnValue?: string;
  structLogs: StructLog[];
}

const word = (hex: string | undefined): bigint => (hex ? BigInt(`0x${hex.replace(/^0x/, '') || '0'}`) : 0n);
/** The n-th item from the top of a step's stack (geth and Hardhat list it bottom first). */
const fromTop = (step: StructLog, n: number): bigint => word(step.stack?.[(step.stack?.length ?? 0) - 1 - n]);
const asAddress = (v: bigint): string => getAddress(`0x${v.toString(16).padStart(64, '0').slice(-40)}`);

function memorySlice(step: StructLog, offset: bigint, size: bigint): bigint {
  const hex = (step.memory ?? []).map((w) => w.replace(/^0x/, '')).join('');
  const start = Number(offset) * 2;
  const part = hex.slice(start, start + Number(size) * 2).padEnd(Number(size) * 2, '0');
  return word(part);
}

interface Frame {
  /** Whose storage and logs the frame runs in (a delegate call runs in its caller's). */
  context: string;
  /** The value the call into it moved, counted when it returns success. */
  entry: MovedValue | null;
  create: boolean;
  moved: MovedValue[];
}

const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);

/** The transfers a struct-log trace of a call from `from` to `to` with `value` made, if it succeeded. */
export function transfersOfTrace(
  call: { from: string; to: string; value: bigint },
  trace: StructTrace,
): MovedValue[] {
  if (trace.failed) return [];
  const logs = trace.structLogs;
  const frames: Frame[] = [{ context: getAddress(call.to), entry: null, create: false, moved: [] }];
  for (let i = 0; i < logs.length; i++) {
    const step = logs[i] as StructLog;
    // Back from a deeper frame: the caller finds its success flag (or created address) on top.
    while (frames.length > 1 && step.depth < frames.length) {
      const child = frames.pop() as Frame;
      const parent = frames.at(-1) as Frame;
      const result = fromTop(step, 0);
      if (result === 0n) continue;
      if (child.entry) {
        if (child.create) child.entry.to = asAddress(result);
        parent.moved.push(child.entry);
      }
      parent.moved.push(...child.moved);
    }
    const frame = frames.at(-1) as Frame;
    if (step.op === 'LOG3' && fromTop(step, 2) === BigInt(TRANSFER_TOPIC)) {
      const [offset, size] = [fromTop(step, 0), fromTop(step, 1)];
      if (size === 32n)
        frame.moved.push({
          asset: frame.context,
          from: asAddress(fromTop(step, 3)),
          to: asAddress(fromTop(step, 4)),
          amount: memorySlice(step, offset, size),
        });
      continue;
    }
    if (!CALLS.has(step.op)) continue;
    const create = step.op.startsWith('CREATE');
    const value = step.op === 'CALL' ? fromTop(step, 2) : create ? fromTop(step, 0) : 0n;
    const callee = create ? '' : asAddress(fromTop(step, 1));
    const entry = value > 0n ? { asset: 'native', from: frame.context, to: callee, amount: value } : null;
    const next = logs[i + 1];
    if (!next) break;
    if (next.depth === step.depth + 1) {
      const context = step.op === 'CALL' || step.op === 'STATICCALL' ? callee : frame.context;
      frames.push({ context: create ? '' : context, entry, create, moved: [] });
    } else if (entry && fromTop(next, 0) !== 0n) {
      // No code ran (an account without code, a precompile): it returned at once.
      if (create) entry.to = asAddress(fromTop(next, 0));
      frame.moved.push(entry);
    }
  }
  const top: MovedValue[] =
    call.value > 0n
      ? [{ asset: 'native', from: getAddress(call.from), to: getAddress(call.to), amount: call.value }]
      : [];
  return [...top, ...(frames[0] as Frame).moved];
}

/** The transfers in the logs eth_simulateV1 returned for a successful call (with traceTransfers). */
export function transfersOfLogs(
  logs: readonly { address: string; topics: string[]; data: string }[],
): MovedValue[] {
  const out: MovedValue[] = [];
  for (const log of logs) {
    if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
    const native = log.address.toLowerCase() === NATIVE_TRANSFER_LOG_ADDRESS;
    out.push({
      asset: native ? 'native' : getAddress(log.address),
      from: asAddress(word(log.topics[1])),
      to: asAddress(word(log.topics[2])),
      amount: word(log.data as Hex),
    });
  }
  return out;
}

/** Transfers netted per account and asset, the wallet's first; accounts whose balance does not change are left out. */
export function netChanges(
  moved: readonly MovedValue[],
  wallet: string,
): { address: string; asset: string; delta: bigint }[] {
  const net = new Map<string, { address: string; asset: string; delta: bigint }>();
  const add = (address: string, asset: string, delta: bigint) => {
    const key = `${address.toLowerCase()}|${asset.toLowerCase()}`;
    const entry = net.get(key) ?? { address, asset, delta: 0n };
    entry.delta += delta;
    net.set(key, entry);
  };
  for (const m of moved) {
    add(m.from, m.asset, -m.amount);
    add(m.to, m.asset, m.amount);
  }
  const changes = [...net.values()].filter((c) => c.delta !== 0n);
  const ours = wallet.toLowerCase();
  return [
    ...changes.filter((c) => c.address.toLowerCase() === ours),
    ...changes.filter((c) => c.address.toLowerCase() !== ours),
  ];
}
