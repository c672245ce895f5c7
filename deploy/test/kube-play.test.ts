/**
 * The Kubernetes manifests played by podman (`podman kube play --network host`) against the machine's PostgreSQL (a
 * fresh database, dropped after) and Redis. Podman plays one replica of a Deployment, so the test renders the
 * Deployment and its ConfigMap (deploy/kubernetes/) into two pods with their own names and ports. Both start at once
 * (the migration lock lets one migrate while the other waits) and answer. A client beside them sends requests without
 * pause through an HAProxy of the test's own (deploy/compose/haproxy.cfg, pointed at the two ports) while one pod is
 * replaced as a rolling update does: SIGTERM (podman stop), its drain and clean exit, then the new pod played and
 * ready. Not one request may fail. Every pod, container, volume, secret and the database are removed after.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { generateVapidKeys } from '../../apps/api/src/lib/secrets';
import { registration, testPort, until } from '../../apps/api/test/server-process';
import { podman, podmanMaybe, TEST_IMAGE } from './podman';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'farmaponte-kube-play-'));
/** The machine's PostgreSQL: a database of this run's own on it, dropped after. */
const SERVER_URL = process.env.KUBE_PLAY_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.KUBE_PLAY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const run = `kp${process.pid}`;
const DATABASE = `farmaponte_${run}`;
const appPort = testPort(2);
const balancerPort = testPort();
/** The two pods, by the HAProxy server name that leads to each. */
const pods = { a: { name: `${run}-a`, port: appPort }, b: { name: `${run}-b`, port: appPort + 1 } };
type TPod = (typeof pods)['a'];
let balancer: ChildProcess | undefined;
const secretValues = {
  JWT_SECRET: randomBytes(36).toString('base64'),
  DATABASE_URL: Object.assign(new URL(SERVER_URL), { pathname: `/${DATABASE}` }).toString(),
  REDIS_URL,
  ...(({ publicKey, privateKey }) => ({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }))(generateVapidKeys()),
  ADMIN_EMAIL: 'admin-kube@example.it',
  ADMIN_PASSWORD: 'una-password-lunga',
};

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The ConfigMap and the Deployment of deploy/kubernetes/ for one pod: its names, its port, the image just built, one
 * replica; the Secret's names with this run's values (podman reads a secret as JSON of base64 values). Returns the files.
 */
async function render(pod: TPod): Promise<{ deployment: string; configMap: string }> {
  const configMap = parseYaml(readFileSync(join(root, 'deploy/kubernetes/configmap.yaml'), 'utf8'));
  const deployment = parseYaml(readFileSync(join(root, 'deploy/kubernetes/deployment.yaml'), 'utf8'));
  const secretNames = Object.keys(
    parseYaml(readFileSync(join(root, 'deploy/kubernetes/secret.example.yaml'), 'utf8')).stringData,
  );
  configMap.metadata.name = pod.name;
  Object.assign(configMap.data, {
    PORT: String(pod.port),
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    // The client and the balancer are on this machine.
    TRUST_PROXY: '127.0.0.1',
    // The client registers and looks up from one address far more often than a pharmacy's staff would.
    AUTH_MAX_PER_IP: '100000',
    REGISTRY_LOOKUP_MAX_PER_IP: '100000',
  });
  deployment.metadata.name = pod.name;
  deployment.spec.replicas = 1;
  const spec = deployment.spec.template.spec;
  const container = spec.containers[0];
  container.image = TEST_IMAGE;
  // On the host's network podman refuses port mappings, which it makes of `ports`: the probes name the port itself.
  delete container.ports;
  for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) container[probe].httpGet.port = pod.port;
  container.envFrom = [{ configMapRef: { name: pod.name } }, { secretRef: { name: `${pod.name}-secrets` } }];
  // Podman makes a named volume of each emptyDir: names of this pod's own.
  for (const volume of spec.volumes) volume.name = `${pod.name}-${volume.name}`;
  for (const mount of container.volumeMounts) mount.name = `${pod.name}-${mount.name}`;
  const values = Object.fromEntries(
    secretNames
      .filter((name) => name in secretValues)
      .map((name) => [name, Buffer.from(secretValues[name as keyof typeof secretValues]).toString('base64')]),
  );
  const secretFile = join(work, `${pod.name}-secrets.json`);
  writeFileSync(secretFile, JSON.stringify(values));
  await podmanMaybe(['secret', 'rm', `${pod.name}-secrets`]);
  await podman(['secret', 'create', `${pod.name}-secrets`, secretFile]);
  const files = { deployment: join(work, `${pod.name}.yaml`), configMap: join(work, `${pod.name}-configmap.yaml`) };
  writeFileSync(files.deployment, stringify(deployment));
  writeFileSync(files.configMap, stringify(configMap));
  return files;
}

async function play(pod: TPod): Promise<void> {
  const files = await render(pod);
  await podman(['kube', 'play', '--network', 'host', '--configmap', files.configMap, files.deployment]);
}
/** The pod's application container (not its infra container). */
const containerOf = async (pod: TPod) =>
  (await podman(['ps', '-a', '--filter', `name=^${pod.name}-pod`, '--format', '{{.Names}}']))
    .split('\n')
    .filter((name) => name && !name.endsWith('-infra'))[0] ?? '';
const ready = (pod: TPod) =>
  until(
    async () => (await fetch(`http://127.0.0.1:${pod.port}/api/health/`, { signal: AbortSignal.timeout(3_000) })).ok,
    `pod ${pod.name} ready`,
    180_000,
  );
async function removePod(pod: TPod): Promise<void> {
  await podmanMaybe(['kube', 'down', join(work, `${pod.name}.yaml`)]);
  for (const volume of ['data', 'tmp']) await podmanMaybe(['volume', 'rm', '--force', `${pod.name}-${volume}`]);
}

/** deploy/compose/haproxy.cfg, listening on the test's port and pointed at the two pods; each answer says its server. */
function startBalancer(): ChildProcess {
  const shipped = readFileSync(join(root, 'deploy/compose/haproxy.cfg'), 'utf8');
  const config = shipped
    .replace(/^\s*log stdout.*$/m, '')
    .replace(/^\s*bind :\d+$/m, `  bind 127.0.0.1:${balancerPort}`)
    .replace(/ resolvers engine init-addr \S+/, '')
    .replace(/^resolvers engine[\s\S]*$/m, '')
    .replace(
      /^\s*server app1 .*\n\s*server app2 .*$/m,
      [
        `  server a 127.0.0.1:${pods.a.port} check`,
        `  server b 127.0.0.1:${pods.b.port} check`,
        '  http-response set-header x-served-by %s',
      ].join('\n'),
    );
  const file = join(work, 'haproxy.cfg');
  writeFileSync(file, config);
  execFileSync('haproxy', ['-c', '-q', '-f', file]);
  return spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
}

beforeAll(async () => {
  await adminQuery(`create database ${DATABASE}`);
});

afterAll(async () => {
  balancer?.kill('SIGKILL');
  for (const pod of Object.values(pods)) {
    await removePod(pod);
    await podmanMaybe(['secret', 'rm', `${pod.name}-secrets`]);
  }
  await adminQuery(`drop database if exists ${DATABASE} with (force)`);
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('the Deployment played by podman', () => {
  it('two pods answer, and replacing one under a steady client drops no request', async () => {
    const started = performance.now();
    // Both at once on the empty database, as a Deployment's replicas start.
    await Promise.all([play(pods.a), play(pods.b)]);
    await Promise.all([ready(pods.a), ready(pods.b)]);
    const playedAt = performance.now();

    balancer = startBalancer();
    const base = `http://127.0.0.1:${balancerPort}`;
    const servedBy = new Set<string>();
    await until(async () => {
      const response = await fetch(`${base}/api/health/live`);
      servedBy.add(response.headers.get('x-served-by') ?? '');
      return servedBy.has('a') && servedBy.has('b');
    }, 'the balancer to reach both pods');

    // The client: four loops, each a registration (a write) then a registry lookup (a read), without pause.
    const counts = { sent: 0, byServer: {} as Record<string, number> };
    const failures: string[] = [];
    let phase = 'before';
    let stop = false;
    const loop = async (loopIndex: number) => {
      for (let i = 0; !stop; i++) {
        const calls: [string, RequestInit][] = [
          [
            '/api/user/register/',
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(registration(`kube-${loopIndex}-${i}@example.it`)),
            },
          ],
          ['/api/pharmacies/lookup/?q=farmacia', {}],
        ];
        for (const [path, init] of calls) {
          counts.sent++;
          try {
            const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(30_000) });
            await response.arrayBuffer();
            const server = `${response.headers.get('x-served-by')} ${phase}`;
            counts.byServer[server] = (counts.byServer[server] ?? 0) + 1;
            if (!response.ok) failures.push(`${phase} ${path}: ${response.status} from ${server}`);
          } catch (error) {
            failures.push(`${phase} ${path}: ${(error as Error).cause ?? error}`);
          }
        }
      }
    };
    const client = Promise.all([0, 1, 2, 3].map(loop));
    await until(() => counts.sent >= 40, 'the client under way');

    // The rolling replacement of pod a: SIGTERM and its drain, a clean exit, then the new pod, ready and reached.
    phase = 'draining';
    const container = await containerOf(pods.a);
    await podman(['stop', '--time', '40', container]);
    const exitCode = await podman(['inspect', container, '--format', '{{.State.ExitCode}}']);
    await removePod(pods.a);
    phase = 'replacing';
    await play(pods.a);
    await ready(pods.a);
    phase = 'after';
    await until(() => (counts.byServer['a after'] ?? 0) >= 10, 'the new pod a serving through the balancer', 60_000);
    stop = true;
    await client;
    // What a pod holds after serving the client (for the Deployment's resources); none where cgroups give no figures.
    const usage = await podmanMaybe([
      'stats',
      '--no-stream',
      '--format',
      '{{.MemUsage}} {{.CPUPerc}}',
      await containerOf(pods.b),
    ]);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `kube play: ${counts.sent} requests, ${failures.length} failed; two pods ready ${seconds(playedAt - started)} s after ` +
        `the play, the whole exercise ${seconds(performance.now() - started)} s; answers by server and phase: ` +
        `${JSON.stringify(counts.byServer)}; pod b's memory and CPU: ${usage ?? 'not reported'}`,
    );

    expect(exitCode).toBe('0');
    expect(failures).toEqual([]);
    // Both pods served, and the old pod a's drain and the replacement happened while the client ran.
    expect(counts.byServer['b replacing']).toBeGreaterThan(0);
    expect(counts.byServer['a before']).toBeGreaterThan(0);
  }, 900_000);
});
