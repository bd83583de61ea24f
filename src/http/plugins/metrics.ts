import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REQUESTS = { name: 'http_requests_total', help: 'HTTP requests by method, route and status' };
const DURATION = {
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by method, route and status',
};

/** The requests and latencies of one method, route and status. */
interface Series {
  method: string;
  statusCode: number;
  /** The series' labels as the exposition writes them: `method="GET",route="/x",status="200"`. */
  labels: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  buckets: number[];
}

/** A label value in the text format: backslash, newline and double quote escaped. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/**
 * http_requests_total and http_request_duration_seconds, kept per series in plain numbers and
 * written in Prometheus's text format (version 0.0.4) when scraped, after prom-client's own metrics.
 *
 * Kept by hand because prom-client's Counter and Histogram validate and hash the label values
 * again on every inc() and observe(), bound labels included: a fixed cost per request on every
 * route. Here the series of a route is found by one Map lookup on the route's template (the same
 * string object on every request, its hash kept; a key joined per request would be a new string to
 * flatten and hash each time), then among that route's few series by method and status. The text
 * is written as prom-client writes its own (test/unit/request-metrics.test.ts checks its form);
 * nothing of this is registered in prom-client, so no prom-client internals are relied on.
 */
class RequestMetrics {
  /** Every series, in the order first seen. */
  readonly #series: Series[] = [];
  /** The same series by route. */
  readonly #byRoute = new Map<string, Series[]>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let ofRoute = this.#byRoute.get(route);
    if (ofRoute === undefined) {
      ofRoute = [];
      this.#byRoute.set(route, ofRoute);
    }
    let s: Series | undefined;
    for (const x of ofRoute) if (x.statusCode === statusCode && x.method === method) s = x;
    if (s === undefined) {
      s = {
        method,
        statusCode,
        labels: `method="${labelValue(method)}",route="${labelValue(route)}",status="${statusCode}"`,
        count: 0,
        sum: 0,
        buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0),
      };
      ofRoute.push(s);
      this.#series.push(s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[i] as number)) i++;
    (s.buckets[i] as number)++;
  }

  reset(): void {
    this.#series.length = 0;
    this.#byRoute.clear();
  }

  /** The two metrics in the text format, each a block of HELP, TYPE and its samples. */
  exposition(): string {
    const counter = [`# HELP ${REQUESTS.name} ${REQUESTS.help}`, `# TYPE ${REQUESTS.name} counter`];
    const histogram = [`# HELP ${DURATION.name} ${DURATION.help}`, `# TYPE ${DURATION.name} histogram`];
    for (const s of this.#series) {
      counter.push(`${REQUESTS.name}{${s.labels}} ${s.count}`);
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i] as number;
        histogram.push(`${DURATION.name}_bucket{${s.labels},le="${le}"} ${cumulative}`);
      });
      histogram.push(`${DURATION.name}_bucket{${s.labels},le="+Inf"} ${s.count}`);
      histogram.push(`${DURATION.name}_sum{${s.labels}} ${s.sum}`);
      histogram.push(`${DURATION.name}_count{${s.labels}} ${s.count}`);
    }
    return `${counter.join('\n')}\n\n${histogram.join('\n')}\n`;
  }
}

/** Prometheus metrics of one server instance (its own registry, so tests can run several). */
export function createMetrics() {
  const promRegistry = new Registry();
  collectDefaultMetrics({ register: promRegistry });
  const requests = new RequestMetrics();
  return {
    /** What GET /metrics writes: prom-client's metrics (process, rate limits), then the requests'. */
    registry: {
      contentType: promRegistry.contentType,
      metrics: async (): Promise<string> => `${await promRegistry.metrics()}\n${requests.exposition()}`,
      resetMetrics(): void {
        promRegistry.resetMetrics();
        requests.reset();
      },
    },
    requests,
    rateLimitRejections: new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429 by policy',
      labelNames: ['policy'] as const,
      registers: [promRegistry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** GET /metrics (Prometheus text); requests are counted by RequestObserver (http/tuning/request-observer.ts). */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
