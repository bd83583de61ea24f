import { AppError } from '../../errors/app-error.ts';

/** One line of a payout CSV. */
export interface PayoutCsvItem {
  to: string;
  amount: string;
  reference?: string;
}

/**
 * The items of a payout from CSV text, as the dashboard's upload form and the CLI take it: lines of
 * `to,amount[,reference]` (amounts in base units), a first line naming the columns skipped, blank
 * lines ignored. A malformed line is refused naming its number.
 */
export function parsePayoutCsv(text: string): PayoutCsvItem[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const items: PayoutCsvItem[] = [];
  for (const [n, line] of lines.entries()) {
    if (line === '' || (n === 0 && /^to\s*,\s*amount/i.test(line))) continue;
    const [to, amount, reference, ...rest] = line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (!to || !amount || rest.length > 0)
      throw new AppError(
        'INVALID_INPUT',
        `csv: line ${n + 1} is not to,amount[,reference]: ${JSON.stringify(line.slice(0, 120))}`,
        {
          details: [{ path: 'csv', message: `line ${n + 1}: expected to,amount[,reference]` }],
        },
      );
    items.push({ to, amount, ...(reference ? { reference } : {}) });
  }
  if (items.length === 0)
    throw new AppError('INVALID_INPUT', 'csv: no items (lines of to,amount,reference)', {
      details: [{ path: 'csv', message: 'no items' }],
    });
  return items;
}
