/**
 * Ids that cannot be swapped: each is a string the compiler tells apart from the others, so a
 * positional `(userId, id)` pair cannot be passed the wrong way round. They are made by `newId`
 * (src/support/ids.ts) or, for ids that arrive from outside, at the edge that reads them.
 */
declare const brand: unique symbol;
type Branded<B extends string> = string & { readonly [brand]: B };

export type UserId = Branded<'UserId'>;
export type ApiKeyId = Branded<'ApiKeyId'>;
export type TransactionId = Branded<'TransactionId'>;
export type WalletId = Branded<'WalletId'>;

/** An id read from a request or a row: its form is checked where it is used (a lookup that finds nothing). */
export const asTransactionId = (raw: string) => raw as TransactionId;
export const asApiKeyId = (raw: string) => raw as ApiKeyId;
export const asUserId = (raw: string) => raw as UserId;
export const asWalletId = (raw: string) => raw as WalletId;
