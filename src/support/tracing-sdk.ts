/**
 * The OpenTelemetry SDK, started by boot/boot-server.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (and loaded only then: it is imported dynamically). Spans go in batches to `<endpoint>/v1/traces` as
 * OTLP/HTTP JSON; the current span follows the request through AsyncLocalStorage.
 */
import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { setTracer } from './tracing.ts';

export interface Tracing {
  /** Sends what is pending and stops; spans are no longer recorded. */
  shutdown(): Promise<void>;
}

export function startTracing(options: { endpoint: string; serviceName: string }): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
  setTracer({ tracer: provider.getTracer('wallet-api'), context, trace, rootContext: ROOT_CONTEXT });
  let stopped: Promise<void> | null = null;
  return {
    shutdown() {
      stopped ??= (async () => {
        setTracer(null);
        try {
          await provider.shutdown();
        } finally {
          trace.disable();
          context.disable();
        }
      })();
      return stopped;
    },
  };
}
