import { AppError } from '../../errors/app-error.ts';

/**
 * Opaque list cursors: base64url of `<kind>:<position>`. Stable (the same position always gives the
 * same cursor, so a follower that got nothing new sends back exactly what it was given) and checked
 * on the way in: a cursor of another list, or not one of ours, is 400 naming the parameter.
 */
type CursorKind = 'evt' | 'tx';

export function encodeCursor(kind: CursorKind, position: bigint): string {
  return Buffer.from(`${kind}:${position}`, 'utf8').toString('base64url');
}

/** The position a cursor holds, or null when `raw` is not a cursor of this kind. */
export function readCursor(kind: CursorKind, raw: string): bigint | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) return null;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const match = new RegExp(`^${kind}:(-?[0-9]{1,19})$`).exec(text);
  if (!match?.[1]) return null;
  // Only the canonical spelling: two strings never name one position.
  return encodeCursor(kind, BigInt(match[1])) === raw ? BigInt(match[1]) : null;
}

export function decodeCursor(kind: CursorKind, raw: string, parameter: string): bigint {
  const position = readCursor(kind, raw);
  if (position === null)
    throw new AppError(
      'INVALID_INPUT',
      `${parameter}: not a cursor of this list (pass back a nextCursor as given)`,
    );
  return position;
}
