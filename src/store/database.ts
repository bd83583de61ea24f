/**
 * The one query layer over PostgreSQL: PGlite (embedded, the default) or node-postgres
 * (DATABASE_URL). Repositories take a `Queryable`, so the same code runs inside or outside a
 * transaction and on either engine.
 */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
}

export type NotificationHandler = (payload: string) => void;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; `onReset` runs when notifications may have been missed (reconnect). */
  listen(channel: string, handler: NotificationHandler, onReset?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Drops and re-opens the LISTEN connection (it went silent); listeners reset. Server databases only. */
  reconnectListener?(): Promise<void>;
  close(): Promise<void>;
}
