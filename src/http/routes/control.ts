import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkScope } from '../../app/key-policies.ts';
import type { Services } from '../../app/services.ts';
import { asTransactionId } from '../../domain/ids.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { CancelBody, SimulateBody, SpeedUpBody } from '../../schemas/control.ts';
import { IdempotencyHeaders, TxParams } from '../../schemas/transactions.ts';
import { principalOf } from '../plugins/auth.ts';

const fee = (raw: string | undefined) => (raw === undefined ? {} : { value: BigInt(raw) });

const CONTROL_RESPONSES = {
  200: ok(Type.Ref('ControlledTransaction'), 'The transaction with its new attempt, and what was done', {
    'Idempotent-Replayed': {
      type: 'string',
      enum: ['true'],
      description: 'Present on a replay of a stored response',
    },
  }),
  ...errorResponses(400, 403, 404, 409, 413, 502, 503),
};

/** Issue 29: speed-up and cancel of a transaction not yet final, and simulation before sending. */
export const controlRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  for (const action of ['speed-up', 'cancel'] as const)
    app.post(
      `/tx/:id/${action}`,
      {
        schema: {
          operationId: action === 'speed-up' ? 'speedUpTransaction' : 'cancelTransaction',
          tags: ['Transactions'],
          summary:
            action === 'speed-up'
              ? 'Speed up a pending transaction (extension)'
              : 'Cancel a pending transaction (extension)',
          description:
            action === 'speed-up'
              ? 'EVM, PENDING or SUBMITTED: a replacement at the same nonce with both fees at least 12.5 % over the latest attempt, or the values given if higher. The chain’s fee cap applies unless `maxFeePerGas` names a higher one (up to the operator’s ceiling). A final transaction: 409 TRANSACTION_FINAL. Solana: 400, a signed Solana transaction cannot be replaced while its blockhash is valid; the service re-signs it after a proven expiry. A Solana speed-up may name `computeUnitPrice` (micro-lamports per compute unit, up to the operator’s SPEED_UP_MAX_COMPUTE_UNIT_PRICE_<SLUG>): it is recorded on the transaction, the answer is still 400 (saying so), and that re-sign pays at least that price; on EVM `computeUnitPrice` is 400. Idempotency-Key required; write scope.'
              : 'EVM: a zero-value transfer from the wallet to itself at the same nonce, fees raised as for a speed-up. A race: the original may still win; the transaction ends FAILED as cancelled if the cancel landed (its amount no longer counts against the API key’s daily limit), CONFIRMED if the original did. Solana: the service stops re-signing; the current signature may land until its blockhash expires. A final transaction: 409 TRANSACTION_FINAL. Idempotency-Key required; write scope.',
          headers: IdempotencyHeaders,
          params: TxParams,
          body: action === 'speed-up' ? SpeedUpBody : CancelBody,
          response: CONTROL_RESPONSES,
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const body = request.body ?? {};
        const maxFee = fee(body.maxFeePerGas);
        const tip = fee(body.maxPriorityFeePerGas);
        // Only the speed-up's body has it (the cancel's schema refuses it).
        const unitPrice = fee((body as { computeUnitPrice?: string }).computeUnitPrice);
        const { json, replayed } = await services.control.control({
          userId: principal.userId,
          id: asTransactionId(request.params.id),
          idempotencyKey: request.headers['idempotency-key'] as string,
          path: `/tx/${request.params.id}/${action}`,
          body,
          request: {
            action,
            ...('value' in maxFee ? { maxFeePerGas: maxFee.value } : {}),
            ...('value' in tip ? { maxPriorityFeePerGas: tip.value } : {}),
            ...('value' in unitPrice ? { computeUnitPrice: unitPrice.value } : {}),
          },
          policy: principal.policy,
        });
        if (replayed) reply.header('Idempotent-Replayed', 'true');
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );

  app.post(
    '/simulate',
    {
      // The scope of the write it previews is checked below; it counts as a read for the rate limit.
      config: { scope: 'read', chainIn: 'body', ratePolicy: 'read' },
      schema: {
        operationId: 'simulate',
        tags: ['Transactions'],
        summary: 'Simulate a write before sending it (extension)',
        description:
          'What a send, approval, contract call or swap would do if sent now: whether it would succeed, its fee, a decoded revert, every balance it changes (native and tokens, by owner), and what your API key’s rules would decide. Nothing is signed, recorded or counted; no Idempotency-Key; counts against the read rate limit. Needs the scope of the write it previews (write; trade for a swap).',
        body: SimulateBody,
        response: {
          200: ok(Type.Ref('Simulation'), 'What the write would do now'),
          ...errorResponses(400, 403, 404, 413, 502),
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      checkScope(principal.policy, request.body.kind === 'swap' ? 'trade' : 'write');
      return services.simulation.simulate(principal.userId, request.body, {
        id: principal.keyId,
        policy: principal.policy,
      });
    },
  );
};
