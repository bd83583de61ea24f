import type { Config } from '../config/config.ts';
import { applyV8Flags } from '../support/v8-flags.ts';

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 runs each WebAssembly function first as quickly
 * compiled baseline code and recompiles it optimized, on background threads, once it has run
 * "1.8 MB of instructions" (its tiering budget). PostgreSQL's start-up alone crosses that for
 * hundreds of functions: measured on a warm `npm start` (2 cores), V8's background threads spent
 * 1.8-2.3 s of CPU, beside 1.5 s on the main thread, nearly all of it optimizing code that start-up
 * ran a few times and that requests may never run. With a budget a hundred times larger, only code
 * that keeps running is optimized: those threads spend 0.9 s and the start is 0.3-0.5 s sooner on
 * two cores, with the same throughput once warm (bench:send, bench:wallets). The budget is V8's
 * own flag, read when a WebAssembly module is instantiated, and PGlite is the only WebAssembly
 * this service runs.
 */
export const WASM_LATE_TIERING_FLAG = '--wasm-tiering-budget=180000000';

/**
 * The process-wide V8 tuning, set by each process's entry point (main.ts, the wallet-api CLI and
 * its worker, and the ephemeral boot of scripts, tests and benchmarks) before the embedded database
 * opens. WASM_LATE_TIERING=off leaves V8's defaults (to compare, or should a V8 upgrade change the
 * flag's meaning).
 */
export function tuneV8(config: Pick<Config, 'WASM_LATE_TIERING'>): void {
  if (config.WASM_LATE_TIERING) applyV8Flags([WASM_LATE_TIERING_FLAG]);
}
