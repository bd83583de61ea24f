/**
 * Spans at our own seams (requests, database statements, JSON-RPC calls, wallet provider and
 * aggregator calls) through the OpenTelemetry API. The SDK and its exporter are started only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (support/tracing-sdk.ts, from runtime.ts); until then every
 * helper here is one check of a module variable and a direct call: nothing is allocated.
 *
 * Manual spans rather than auto-instrumentation: that patches `require`, which the esbuild bundle
 * and ESM bypass. Attributes never hold a URL (RPC endpoints carry keys), a key or a parameter.
 */
import {
  type Attributes,
  type Context,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';

export type { Span } from '@opentelemetry/api';

let tracer: Tracer | null = null;

/** Whether spans are recorded (the SDK was started). */
export function tracingOn(): boolean {
  return tracer !== null;
}

/** Called by the SDK's start and shutdown (tracing-sdk.ts) only. */
export function setTracer(next: Tracer | null): void {
  tracer = next;
}

/** How a span was made: `requireParent` spans exist only inside another (a request's). */
export interface SpanOptions {
  kind?: SpanKind;
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
  if (tracer === null) return fn(undefined);
  if (options.requireParent && trace.getSpan(context.active()) === undefined) return fn(undefined);
  return tracer.startActiveSpan(
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
export function startRootSpan(name: string, attributes: Attributes, kind: SpanKind): Span | null {
  return tracer === null ? null : tracer.startSpan(name, { attributes, kind }, ROOT_CONTEXT);
}

/** The context in which `span` is the current span. */
export function contextOf(span: Span): Context {
  return trace.setSpan(ROOT_CONTEXT, span);
}

/** Runs `fn` with `ctx` as the current context (child spans nest under its span). */
export function runIn<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

export { SpanKind, SpanStatusCode };
