/** PostgreSQL down or restarting: refused or dropped connections, shutdown and start-up states. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/** Whether a database error means the server could not be reached or ended the session. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  if (
    typeof e?.code === 'string' &&
    (UNAVAILABLE_SQLSTATES.has(e.code) || e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET')
  )
    return true;
  if (Array.isArray(e?.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return (
    typeof e?.message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|the database system is (shutting down|starting up)|Query read timeout/.test(
      e.message,
    )
  );
}
