import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This instance's Prometheus registry (GET /metrics, docs/decisions/040). What happens in the process is
 * counted as it happens (request durations, job failures); what the business did is read from the database
 * when scraped (features/operations/metrics-gauges.ts), so every instance reports the same totals and a
 * restart loses nothing.
 */
export interface Metrics {
  registry: Registry;
  /** One finished HTTP request: its route pattern (never the raw URL, whose ids would explode the labels). */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** A job handler threw (pg-boss retries it, or gives up after its retry limit). */
  jobFailed(queue: string): void;
  /** Adds a gauge read when scraped; `read` may query the database and must not throw for long. */
  gauge(options: { name: string; help: string; labelNames?: string[]; read: (set: (value: number, labels?: Record<string, string>) => void) => Promise<void> | void }): void;
  /** Prometheus' text format of everything registered. */
  render(): Promise<string>;
  contentType: string;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  let defaultsStarted = false;
  const requestSeconds = new Histogram({
    name: 'glint_http_request_duration_seconds',
    help: 'HTTP request durations by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'glint_job_failures_total',
    help: 'Job handler failures in this process, by queue',
    labelNames: ['queue'],
    registers: [registry],
  });
  const gaugeNames = new Set<string>();
  return {
    registry,
    contentType: registry.contentType,
    observeRequest({ method, route, status }, seconds) {
      requestSeconds.observe({ method, route, status_code: String(status) }, seconds);
    },
    jobFailed(queue) {
      jobFailures.inc({ queue });
    },
    gauge({ name, help, labelNames = [], read }) {
      if (gaugeNames.has(name)) return;
      gaugeNames.add(name);
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          // prom-client gives a gauge without labels a 0 after reset; a reading that sets nothing (the table is
          // not there, the database is away) should leave the series out instead of claiming 0.
          (this as unknown as { hashMap: object }).hashMap = {};
          try {
            await read((value, labels) => (labels ? this.set(labels, value) : this.set(value)));
          } catch {
            // A reading that fails (the database is away) leaves the gauge empty for this scrape rather than
            // failing the whole scrape: the request and process metrics still say what is going on.
          }
        },
      });
    },
    async render() {
      // Process memory, CPU, event loop and heap: started on the first scrape, so test apps that are never
      // scraped do not each start an event-loop monitor.
      if (!defaultsStarted) {
        defaultsStarted = true;
        collectDefaultMetrics({ register: registry });
      }
      return registry.metrics();
    },
  };
}
