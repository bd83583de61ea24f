import pino, { type Logger } from 'pino';
import { redactUrls } from './support/redact-urls.ts';

/** Paths whose values never reach the logs: keys, cookies, passwords, secrets. */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  '*.apiKey',
  '*.key',
  '*.password',
  '*.secret',
  '*.token',
  '*.privateKey',
  '*.masterKey',
  '*.appSecret',
  '*.authorizationKey',
  'headers["privy-app-secret"]',
  'headers["privy-authorization-signature"]',
  '*.PRIVY_APP_SECRET',
  '*.PRIVY_AUTHORIZATION_KEY',
  '*.MASTER_KEY',
  '*.API_KEY_SECRET',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: 'wallet-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Last line of defence, on the serialized line: URLs (RPC endpoints, aggregator hosts) keep
      // their host only, wherever they appear, error messages and causes included.
      hooks: { streamWrite: redactUrls },
    },
    destination,
  );
}
