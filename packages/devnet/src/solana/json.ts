// JSON with u64 precision. Solana RPC puts lamports, slots and rentEpoch (u64::MAX) on the wire as
// bare JSON numbers beyond 2^53, and @solana/kit parses them as bigint: we must neither emit nor read
// them through a lossy double.

const BIG = '\u0000big:';

export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIG}${v}` : v));
  return text.replace(/"\\u0000big:(-?\d+)"/g, '$1');
}

/**
 * Parses a JSON-RPC request, turning integer literals too large for a double into strings so the
 * handlers can read them with `BigInt`. Only literals outside strings are touched.
 */
export function parseJsonWithBigInts(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch !== undefined && /[-\d]/.test(ch)) {
      let j = i + 1;
      while (j < text.length && /[\d.eE+-]/.test(text[j] ?? '')) j++;
      const literal = text.slice(i, j);
      out += /^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal)) ? `"${literal}"` : literal;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return JSON.parse(out);
}
