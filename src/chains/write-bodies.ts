// What every family checks the same way in a write request, in the order the API answers it.
import { invalidInput } from '../errors/app-error.ts';
import type { SendBody } from './chain-family.ts';

/** `token` is required for a token send and refused for a native one. */
export function checkSendToken(body: SendBody): void {
  if (body.asset === 'native' && body.token !== undefined)
    throw invalidInput('token', 'must not be set for a native send');
  if (body.asset !== 'native' && body.token === undefined)
    throw invalidInput('token', `is required for an ${body.asset} send`);
}

/** `from`, checked, as sent: the wallet is found by it, and a refusal names it as the caller wrote it. */
export function optionalFrom(
  from: string | undefined,
  parseAddress: (field: string, raw: string) => string,
): { from?: string } {
  if (from === undefined) return {};
  parseAddress('from', from);
  return { from };
}
