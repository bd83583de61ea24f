/**
 * The server's boot under its former name, for the callers that still use it (the benchmarks).
 * New code boots through src/boot/: bootServer on an open database, bootEphemeral on a throwaway
 * one.
 */
import { bootServer, type Runtime, type ServerBootOptions } from './boot/boot-server.ts';

export type { Runtime };
export type RuntimeOptions = ServerBootOptions;

/** Migrates, composes the services and starts the HTTP server (and the admin endpoint). */
export function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  return bootServer(options);
}
