/** One line for any thrown value: some libraries (PGlite) throw plain objects, never "[object Object]". */
export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.message;
  if (err && typeof err === 'object' && 'message' in err)
    return String((err as { message: unknown }).message);
  try {
    return JSON.stringify(err)?.slice(0, 200) ?? String(err);
  } catch {
    return String(err);
  }
}
