import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.ts';

/**
 * What an operator graphs (Prometheus, GET /metrics): requests by route and status with their
 * latency, ingestion by outcome, push deliveries by outcome, database connections in use. One
 * registry per cloud, so that tests building many clouds in one process count apart.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'method' | 'route'>;
  readonly ingested: Counter<'outcome'>;
  readonly deliveries: Counter<'outcome'>;

  constructor(store: Pick<Store, 'connections'>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route (its pattern, not the path) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being written, by method and route',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.ingested = new Counter({
      name: 'telemetry_ingested_messages_total',
      help: 'Messages from gateways, by outcome: stored, duplicate or rejected',
      labelNames: ['outcome'],
      registers,
    });
    this.deliveries = new Counter({
      name: 'telemetry_push_deliveries_total',
      help: 'Push deliveries tried, by outcome: delivered (2xx) or failed',
      labelNames: ['outcome'],
      registers,
    });
    const sample = (pick: (c: ReturnType<Store['connections']>) => number) =>
      function (this: Gauge) {
        this.set(pick(store.connections()));
      };
    new Gauge({
      name: 'telemetry_db_connections',
      help: 'Database connections this instance holds open',
      registers,
      collect: sample((c) => c.open),
    });
    new Gauge({
      name: 'telemetry_db_connections_idle',
      help: 'Of those, the ones not in use',
      registers,
      collect: sample((c) => c.idle),
    });
    new Gauge({
      name: 'telemetry_db_waiting',
      help: 'Requests waiting for a database connection (or, on SQLite, for a transaction)',
      registers,
      collect: sample((c) => c.waiting),
    });
  }

  /** Counts and times every answered request by its route pattern. */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
  }
}
