/**
 * Spans at our own seams (requests, database statements, JSON-RPC calls, wallet provider and
 * aggregator calls) through the OpenTelemetry API. The SDK and its exporter are started only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (support/tracing-sdk.ts, from boot/boot-server.ts); until
 * then every helper here is one check of a module variable and a direct call: nothing is allocated, and
 * @opentelemetry/api itself is not loaded (its types only are imported here): the SDK hands over
 * the API's pieces when it starts.
 *
 * Manual spans rather than auto-instrumentation: that patches `require`, which the esbuild bundle
 * and ESM bypass. Attributes never hold a URL (RPC endpoints carry keys), a key or a parameter.
 */
import type {
  Attributes,
  Context,
  ContextAPI,
  SpanKind as OtelSpanKind,
  SpanStatusCode as OtelSpanStatusCode,
  Span,
  TraceAPI,
  Tracer,
} from '@opentelemetry/api';

export type { Span } from '@opentelemetry/api';

/** The API's span kinds (fixed by the OpenTelemetry specification), without loading the API. */
export const SpanKind = { INTERNAL: 0, SERVER: 1, CLIENT: 2 } as const satisfies Record<string, OtelSpanKind>;
/** The API's span status codes (fixed by the specification), without loading the API. */
export const SpanStatusCode = { ERROR: 2 } as const satisfies Record<string, OtelSpanStatusCode>;

/** What the SDK hands over when it starts (tracing-sdk.ts): the tracer and the API's context and trace. */
export interface TracingApi {
  tracer: Tracer;
  context: ContextAPI;
  trace: TraceAPI;
  rootContext: Context;
}

let api: TracingApi | null = null;

/** Whether spans are recorded (the SDK was started). */
export function tracingOn(): boolean {
  return api !== null;
}

/** Called by the SDK's start and shutdown (tracing-sdk.ts) only. */
export function setTracer(next: TracingApi | null): void {
  api = next;
}

/** How a span was made: `requireParent` spans exist only inside another (a request's). */
export interface SpanOptions {
  kind?: OtelSpanKind;
  /** Skip the span when there is no span around it: background polling would be a trace per statement. */
  requireParent?: boolean;
}

/**
 * Runs `fn` in a child span of the current one; records a thrown error on it and rethrows. With
 * tracing off, `fn()` alone.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  if (api === null) return fn(undefined);
  if (options.requireParent && api.trace.getSpan(api.context.active()) === undefined) return fn(undefined);
  return api.tracer.startActiveSpan(
    name,
    { attributes, kind: options.kind ?? SpanKind.INTERNAL },
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        failed(span, err);
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** Marks a span failed with the error's name and message (our messages hold no secrets or URLs). */
export function failed(span: Span, err: unknown): void {
  const e = err as { name?: string; code?: string; message?: string };
  span.setStatus({ code: SpanStatusCode.ERROR, message: e.code ?? e.name ?? 'error' });
  span.setAttribute('error.type', e.code ?? e.name ?? 'Error');
}

/** A new root span (a request's); the caller ends it. Null with tracing off. */
export function startRootSpan(name: string, attributes: Attributes, kind: OtelSpanKind): Span | null {
  return api === null ? null : api.tracer.startSpan(name, { attributes, kind }, api.rootContext);
}

/** The context in which `span` is the current span (only for spans made here: tracing is on). */
export function contextOf(span: Span): Context {
  const on = api as TracingApi;
  return on.trace.setSpan(on.rootContext, span);
}

/** Runs `fn` with `ctx` as the current context (child spans nest under its span). */
export function runIn<T>(ctx: Context, fn: () => T): T {
  return api === null ? fn() : api.context.with(ctx, fn);
}
