import { invalidInput } from '../errors/app-error.ts';

/** A bad value as quoted back in an error message: at most 64 characters of it. */
export const quoted = (raw: string) => JSON.stringify(raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/** Values are taken exactly as sent (DESIGN A2): surrounding spaces are refused, not trimmed. */
export function untrimmed(field: string, raw: string): string {
  if (raw !== raw.trim())
    throw invalidInput(field, `must not have leading or trailing spaces, got ${quoted(raw)}`);
  return raw;
}

/** A NUL or other control character: PostgreSQL refuses NUL in text, and none belongs in a name or email. */
export function hasControlCharacter(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
