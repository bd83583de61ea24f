import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { SealedSecret } from '../../domain/webhooks.ts';
import { AppError } from '../../errors/app-error.ts';

/** A new signing secret: 32 random bytes, as Standard Webhooks shows them (`whsec_` + base64). */
export function newWebhookSecret(): Buffer {
  return randomBytes(32);
}

export const secretText = (key: Buffer) => `whsec_${key.toString('base64')}`;

/**
 * The signing secrets at rest: AES-256-GCM under the master key (the scheme the local signer keeps
 * wallet keys in), the endpoint id bound in as associated data so a secret copied onto another
 * endpoint's row does not open. The service needs the secret itself to sign, so a hash will not do.
 */
export function webhookSecretBox(masterKey: Buffer) {
  if (masterKey.length !== 32) throw new Error('master key must be 32 bytes');
  const keyId = createHmac('sha256', masterKey).update('wallet-api:key-id').digest('hex').slice(0, 16);
  const aad = (endpointId: string) => Buffer.from(`webhook-secret:${endpointId}`, 'utf8');
  return {
    seal(secret: Buffer, endpointId: string): SealedSecret {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(aad(endpointId));
      const data = Buffer.concat([cipher.update(secret), cipher.final()]);
      return {
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
        keyId,
      };
    },
    open(sealed: SealedSecret, endpointId: string): Buffer {
      if (sealed.keyId !== keyId)
        throw new AppError(
          'INTERNAL_ERROR',
          'This webhook secret was encrypted under a different MASTER_KEY',
        );
      const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(aad(endpointId));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
    },
  };
}

export type WebhookSecretBox = ReturnType<typeof webhookSecretBox>;

/**
 * The `webhook-signature` header (Standard Webhooks 1.0): `v1,<base64 HMAC-SHA256>` of
 * "{id}.{timestamp}.{body}" under each key, space-separated (two during a rotation).
 */
export function webhookSignature(
  keys: readonly Buffer[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return keys
    .map((key) => `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
}
