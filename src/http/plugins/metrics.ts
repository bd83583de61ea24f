import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, type Metric, Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the registry reads from a metric's get() (the shape of prom-client's own). */
interface Exposed {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: { metricName?: string; labels: Record<string, string | number>; value: number }[];
}

/** The requests and latencies of one method, route and status. */
interface Series {
  statusCode: number;
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  buckets: number[];
}

/**
 * http_requests_total and http_request_duration_seconds, kept per series in plain numbers and
 * handed to prom-client's registry when it is scraped.
 *
 * Written by hand because prom-client's Counter and Histogram validate and hash the label values
 * again on every inc() and observe(), bound labels included: a fixed cost per request on every
 * route. Here the series of a route is found by one Map lookup on the route's template (the same
 * string object on every request, its hash kept; a key joined per request would be a new string to
 * flatten and hash each time), then among that route's few series by method and status. The
 * registry formats the exposition as for its own metrics (the objects below have the shape of its
 * Counter and Histogram `get()`).
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
    for (const x of ofRoute) if (x.statusCode === statusCode && x.labels.method === method) s = x;
    if (s === undefined) {
      s = {
        statusCode,
        labels: { method, route, status: String(statusCode) },
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

  /** The two metrics, registered in `registry` like its own. */
  register(registry: Registry): void {
    const series = this.#series;
    const reset = () => this.reset();
    const counter = {
      name: 'http_requests_total',
      help: 'HTTP requests by method, route and status',
      type: 'counter',
      aggregator: 'sum',
      reset,
      get: async (): Promise<Exposed> => ({
        name: counter.name,
        help: counter.help,
        type: 'counter',
        aggregator: 'sum',
        values: [...series.values()].map((s) => ({ labels: s.labels, value: s.count })),
      }),
    };
    const histogram = {
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method, route and status',
      type: 'histogram',
      aggregator: 'sum',
      reset,
      get: async (): Promise<Exposed> => {
        const values: Exposed['values'] = [];
        for (const s of series.values()) {
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((le, i) => {
            cumulative += s.buckets[i] as number;
            values.push({
              metricName: `${histogram.name}_bucket`,
              labels: { ...s.labels, le },
              value: cumulative,
            });
          });
          values.push({
            metricName: `${histogram.name}_bucket`,
            labels: { ...s.labels, le: '+Inf' },
            value: s.count,
          });
          values.push({ metricName: `${histogram.name}_sum`, labels: s.labels, value: s.sum });
          values.push({ metricName: `${histogram.name}_count`, labels: s.labels, value: s.count });
        }
        return {
          name: histogram.name,
          help: histogram.help,
          type: 'histogram',
          aggregator: 'sum',
          values,
        };
      },
    };
    // The registry only calls name, get() and reset() of what it holds.
    registry.registerMetric(counter as unknown as Metric);
    registry.registerMetric(histogram as unknown as Metric);
  }
}

/** Prometheus metrics of one server instance (its own registry, so tests can run several). */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestMetrics();
  requests.register(registry);
  return {
    registry,
    requests,
    rateLimitRejections: new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests refused with 429 by policy',
      labelNames: ['policy'] as const,
      registers: [registry],
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
