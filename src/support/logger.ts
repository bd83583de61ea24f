import pino, { type Logger } from 'pino';
import { redactUrls } from './redact-urls.ts';

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

/**
 * A child logger made on first use. Fastify gives every request a child carrying its id; making a
 * pino child (with redaction) cost more than the rest of a cached read, and most requests never
 * log below the configured level. A call at a level that is off does nothing and makes nothing.
 * A class, so a request costs one small object and no closures.
 */
export class LazyChildLogger {
  #parent: Logger;
  #bindings: pino.Bindings;
  #options: pino.ChildLoggerOptions | undefined;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: pino.Bindings, options?: pino.ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #log(level: pino.Level, args: unknown[]): void {
    const logger = this.#child ?? this.#parent;
    if (logger.isLevelEnabled(level)) (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(value: string) {
    this.#real().level = value;
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.#real().child(bindings, options);
  }
  bindings(): pino.Bindings {
    return this.#real().bindings();
  }
}
