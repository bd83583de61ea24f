import type { Static } from 'typebox';
import { contractCallEffects } from '../../chains/evm/evm-rules.ts';
import type { TransactionRecord } from '../../domain/transactions.ts';
import type { TransactionIntentSchema } from '../../schemas/transactions.ts';

/** What a transaction moves (the `intent` of the Transaction resource; its schema is the one source). */
export type TransactionIntent = Static<typeof TransactionIntentSchema>;

const BASE_UNITS = /^[0-9]+$/;

/** A recorded detail that is a string, or null (older records may lack it, or hold something else). */
const text = (details: Record<string, unknown>, key: string): string | null => {
  const v = details[key];
  return typeof v === 'string' && v !== '' ? v : null;
};
const units = (details: Record<string, unknown>, key: string): string | null => {
  const v = text(details, key);
  return v !== null && BASE_UNITS.test(v) ? v : null;
};

/**
 * The intent of a transaction, from what its write recorded in `details` (write-intents.ts for
 * sends, approvals and contract calls; trading.ts for swaps). A record without the details its kind
 * needs (made before they were recorded) has none: null, never a guess.
 */
export function intentOf(tx: TransactionRecord): TransactionIntent | null {
  const d = tx.details;
  switch (tx.kind) {
    case 'send': {
      const asset = text(d, 'asset');
      const amount = units(d, 'amount');
      if (amount === null || (asset !== 'native' && asset !== 'erc20' && asset !== 'spl')) return null;
      const token = asset === 'native' ? null : text(d, 'token');
      if (asset !== 'native' && token === null) return null;
      return { kind: 'send', asset, token, amount };
    }
    case 'approve': {
      const token = text(d, 'token');
      const spender = text(d, 'spender');
      const amount = units(d, 'amount');
      if (token === null || spender === null || amount === null) return null;
      return { kind: 'approve', token, spender, amount };
    }
    case 'swap': {
      const fromToken = text(d, 'fromToken');
      const toToken = text(d, 'toToken');
      const amount = units(d, 'amount');
      if (fromToken === null || toToken === null || amount === null) return null;
      return {
        kind: 'swap',
        fromToken,
        toToken,
        amount,
        expectedOutput: units(d, 'expectedAmount'),
        minimumOutput: units(d, 'minimumAmount'),
      };
    }
    case 'contract': {
      // The call data is kept whole up to 4 KiB (longer: cut, with an ellipsis, and not decoded).
      const data = text(d, 'data');
      const effects = data === null ? null : contractCallEffects(tx.toAddress, data);
      const decoded = effects !== null && effects.unknown === null;
      return {
        kind: 'contract',
        value: BASE_UNITS.test(tx.value) ? tx.value : '0',
        decoded,
        tokenTransfers: decoded
          ? effects.transfers.map((t) => ({ token: t.token, to: t.to, amount: t.amount.toString() }))
          : [],
        tokenApprovals: decoded
          ? effects.approvals.map((a) => ({
              token: a.token,
              spender: a.spender,
              amount: a.amount.toString(),
            }))
          : [],
      };
    }
  }
}
