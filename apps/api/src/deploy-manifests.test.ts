/**
 * The deployment files (deploy/kubernetes/*.yaml, compose.yaml, deploy/compose/) parse, and what they say agrees with
 * the app: the probes' paths answer, the ports are the one the server listens on, every variable is one config.ts
 * reads, the grace periods cover the drain and the shutdown, the ingress lets the largest upload through and keeps
 * the live stream unbuffered, and the Service, the PodDisruptionBudget and the autoscaler find the Deployment's pods.
 * The podman exercise (deploy/test/kube-play.test.ts) runs them; this is what a reader could get wrong on paper.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { useTestApp } from '../test/helpers';
import { loadConfig, ZConfigSchema } from './config';
import { apiPath } from './lib/api-root';

const root = apiPath('../..');
const kubernetesDir = join(root, 'deploy/kubernetes');
const t = useTestApp();

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, checked field by field below
type TDoc = Record<string, any>;

/** Every document of every manifest, with the file it came from. */
const documents: { file: string; doc: TDoc }[] = readdirSync(kubernetesDir)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(kubernetesDir, file), 'utf8')).map((parsed) => {
      if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors.map((e) => e.message).join('; ')}`);
      return { file, doc: parsed.toJS() as TDoc };
    }),
  );
const ofKind = (kind: string) => documents.filter(({ doc }) => doc.kind === kind).map(({ doc }) => doc);
const one = (kind: string): TDoc => {
  const found = ofKind(kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0] as TDoc;
};

const deployment = one('Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const configMap = one('ConfigMap');
const secret = one('Secret');
const compose = parseYaml(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as TDoc;
const haproxy = readFileSync(join(root, 'deploy/compose/haproxy.cfg'), 'utf8');
const envExample = Object.fromEntries(
  readFileSync(join(root, 'deploy/compose/farmaponte.env.example'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const configNames = Object.keys(ZConfigSchema.shape);
/** Seconds as Compose writes them (`30s`, `1m`). */
const seconds = (duration: string) => Number.parseInt(duration, 10) * (duration.endsWith('m') ? 60 : 1);
/** What the server needs from its environment to run in a fleet: in the Secret, never in the ConfigMap. */
const SECRETS = [
  'JWT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
];

describe('the Kubernetes manifests', () => {
  it('parse, and kustomization.yaml names every manifest but the example Secret', () => {
    const kustomization = one('Kustomization');
    const files = readdirSync(kubernetesDir).filter((file) => file.endsWith('.yaml'));
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((file) => file !== 'kustomization.yaml' && file !== 'secret.example.yaml').sort(),
    );
    expect(kustomization.images).toEqual([{ name: 'farmaponte', newTag: container.image.split(':')[1] }]);
  });

  it('probe paths the server answers: readiness the health check, liveness and start-up the process alone', async () => {
    const readiness = container.readinessProbe.httpGet;
    const liveness = container.livenessProbe.httpGet;
    expect(readiness.path).toBe('/api/health/');
    expect(liveness.path).toBe('/api/health/live');
    expect(container.startupProbe.httpGet.path).toBe(liveness.path);
    for (const path of [readiness.path, liveness.path]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(200);
    }
    // Each probe names the port the server listens on.
    const port = container.ports.find((p: TDoc) => p.name === readiness.port);
    expect(port.containerPort).toBe(loadConfig({ PORT: configMap.data.PORT }).PORT);
    expect([liveness.port, container.startupProbe.httpGet.port]).toEqual([readiness.port, readiness.port]);
    // The start-up probe waits minutes (another pod may hold the migration lock); liveness counts only after it.
    const startup = container.startupProbe;
    expect(startup.periodSeconds * startup.failureThreshold).toBeGreaterThanOrEqual(120);
  });

  it('settings the server reads: every name in config.ts, the values accepted, the secrets in the Secret only', () => {
    for (const name of [...Object.keys(configMap.data), ...Object.keys(secret.stringData)]) {
      expect(configNames, name).toContain(name);
    }
    expect(Object.keys(secret.stringData).sort()).toEqual([...SECRETS].sort());
    for (const name of SECRETS) expect(Object.keys(configMap.data)).not.toContain(name);
    expect(container.envFrom).toEqual([
      { configMapRef: { name: configMap.metadata.name } },
      { secretRef: { name: secret.metadata.name } },
    ]);
    const config = loadConfig({ ...configMap.data, DATABASE_URL: 'postgres://u@db/farmaponte', JWT_SECRET: 'x'.repeat(32) });
    expect(config.NODE_ENV).toBe('production');
    expect(config.workers).toBe(1);
    expect(config.SHUTDOWN_DRAIN_SECONDS).toBeGreaterThan(0);
  });

  it('a grace period that covers the drain and the shutdown', () => {
    const config = loadConfig(configMap.data);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS + 3,
    );
  });

  it('a read-only root with volumes where the server writes: DATA_DIR and /tmp', () => {
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    const mounts = container.volumeMounts.map((mount: TDoc) => mount.mountPath);
    expect(mounts).toEqual(expect.arrayContaining([configMap.data.DATA_DIR, '/tmp']));
    const volumes = new Set(pod.volumes.map((volume: TDoc) => volume.name));
    for (const mount of container.volumeMounts) expect(volumes.has(mount.name)).toBe(true);
  });

  it('resource requests and limits, CPU requested for the autoscaler', () => {
    expect(container.resources.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
  });

  it('a Service, a PodDisruptionBudget and an autoscaler that find the Deployment and its pods', () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    expect(deployment.spec.replicas).toBe(2);
    const service = one('Service');
    expect(service.spec.selector).toEqual(labels);
    expect(container.ports.map((p: TDoc) => p.name)).toContain(service.spec.ports[0].targetPort);
    const budget = one('PodDisruptionBudget');
    expect(budget.spec.selector.matchLabels).toEqual(labels);
    expect(budget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
    const autoscaler = one('HorizontalPodAutoscaler');
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(deployment.spec.replicas);
    expect(autoscaler.spec.metrics[0].resource.name).toBe('cpu');
  });

  it('Ingresses to the Service: the largest upload through, the live stream unbuffered above its heartbeat', () => {
    const service = one('Service');
    const ingresses = ofKind('Ingress');
    for (const ingress of ingresses) {
      for (const path of ingress.spec.rules[0].http.paths) {
        expect(path.backend.service).toEqual({ name: service.metadata.name, port: { name: service.spec.ports[0].name } });
      }
    }
    const site = ingresses.find((ingress) => ingress.spec.rules[0].http.paths[0].path === '/') as TDoc;
    const bodySize = site.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'] as string;
    expect(bodySize).toMatch(/^\d+m$/);
    expect(Number.parseInt(bodySize, 10) * 1024 * 1024).toBeGreaterThanOrEqual(
      Math.max(LIMITS.cvBodyLimitBytes, LIMITS.registryImportMaxBytes),
    );
    const events = ingresses.find((ingress) => ingress.spec.rules[0].http.paths[0].path === '/api/events/') as TDoc;
    expect(events.metadata.annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(events.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(
      LIMITS.eventsHeartbeatSeconds * 2,
    );
    // The proxy's address is trusted for X-Forwarded-For.
    expect(loadConfig(configMap.data).TRUST_PROXY).not.toBe(false);
  });
});

describe('compose.yaml for one host', () => {
  const services = compose.services as Record<string, TDoc>;
  const apps = ['app1', 'app2'].map((name) => services[name] as TDoc);

  it('two instances of the Deployment’s image behind HAProxy, with PostgreSQL and Redis', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'balancer', 'postgres', 'redis']);
    for (const app of apps) {
      expect(app.image).toBe(container.image);
      expect(app.read_only).toBe(true);
      expect(app.env_file).toBe('farmaponte.env');
      for (const name of Object.keys(app.environment)) expect(configNames, name).toContain(name);
    }
    // The secrets come from the env file, whose example names only what the server reads (and PostgreSQL's password).
    for (const name of Object.keys(envExample).filter((name) => name !== 'POSTGRES_PASSWORD')) {
      expect(configNames, name).toContain(name);
    }
    expect(envExample.DATABASE_URL).toContain(`:${envExample.POSTGRES_PASSWORD}@postgres:5432/`);
  });

  it('HAProxy checks readiness on the instances’ port and is the one proxy trusted', () => {
    const [app] = apps as [TDoc];
    const config = loadConfig({ ...app.environment, DATABASE_URL: 'postgres://u@db/farmaponte', JWT_SECRET: 'x'.repeat(32) });
    expect(haproxy).toContain(`option httpchk GET ${container.readinessProbe.httpGet.path}`);
    const servers = [...haproxy.matchAll(/^\s*server (\S+) (\S+):(\d+) check/gm)];
    expect(servers.map(([, name, host, port]) => [name, host, Number(port)])).toEqual([
      ['app1', 'app1', config.PORT],
      ['app2', 'app2', config.PORT],
    ]);
    expect(app.environment.TRUST_PROXY).toBe(services.balancer?.networks.default.ipv4_address);
    expect(seconds(app.stop_grace_period)).toBeGreaterThanOrEqual(
      config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS + 3,
    );
  });
});
