export interface LocalPostgres {
  url: string;
  stop(): Promise<void>;
  /** Stops the server, keeping its data and port (an own server only). */
  halt(): void;
  /** Starts a halted server again. */
  resume(): void;
}
/** Throws, in one line, when PostgreSQL is not installed (never a silent fallback). */
export function startPostgres(options?: { own?: boolean }): Promise<LocalPostgres>;
