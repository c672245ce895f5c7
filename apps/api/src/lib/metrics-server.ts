/**
 * The metrics' own HTTP server, on METRICS_PORT (METRICS_HOST, 127.0.0.1 by default): GET /metrics answers the
 * Prometheus text format; nothing else is served there, and the public port has no /metrics at all. With several
 * workers (node:cluster) the primary serves the sum of the workers' metrics (prom-client's AggregatorRegistry asks
 * each worker over the cluster's IPC channel); a single process serves its own.
 */
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

type TLog = { warn(details: object, message: string): void };

function serve(port: number, host: string, read: () => Promise<{ contentType: string; body: string }>, log: TLog) {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    read().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => {
        log.warn({ err: error }, 'metrics could not be read');
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** A single process: its own registry. */
export function serveMetrics(registry: Registry, port: number, host: string, log: TLog): Promise<Server> {
  return serve(port, host, async () => ({ contentType: registry.contentType, body: await registry.metrics() }), log);
}

/** The cluster's primary: every worker's metrics, added up (or, for figures they share, kept once). */
export function serveClusterMetrics(port: number, host: string, log: TLog): Promise<Server> {
  const aggregator = new AggregatorRegistry();
  return serve(port, host, async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }), log);
}

/** A worker of the cluster: answers the primary's requests with this registry. */
export function reportMetricsToPrimary(registry: Registry): void {
  if (!cluster.isWorker) return;
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}
