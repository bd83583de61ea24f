/** The spread of a figure over rounds: min, median and max, and how the reports print it. */
export interface Spread {
  min: number;
  median: number;
  max: number;
  n: number;
}

export function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  // The lower middle for an even count: the median is then always a measured round.
  return {
    min: s[0] ?? Number.NaN,
    median: s[Math.floor((s.length - 1) / 2)] ?? Number.NaN,
    max: s.at(-1) ?? Number.NaN,
    n: s.length,
  };
}

/** `median (min–max)`, with the given number of decimals. */
export function formatSpread(s: Spread, digits = 0): string {
  return s.n <= 1
    ? s.median.toFixed(digits)
    : `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}

/** The spread's width as a share of its median: how far apart the rounds were. */
export function relativeWidth(s: Spread): number {
  return (s.max - s.min) / s.median;
}
