/**
 * Podman for the container tests (`npm run test:container`): the image built from this checkout with the real
 * Containerfile, its base built locally when no registry can give it (deploy/base-stand-in.sh), and containers run on
 * the host's network. Podman runs here as root with runc; a sandbox's lowered limits refuse the defaults podman asks
 * for a container (nofile, nproc), so every call uses a containers.conf of the tests' own (docs/operations.md).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** The tag the tests build and run; the manifests' tests play it too. */
export const TEST_IMAGE = 'localhost/farmaponte:test';

const confDir = mkdtempSync(join(tmpdir(), 'farmaponte-podman-'));
const CONTAINERS_CONF = join(confDir, 'containers.conf');
writeFileSync(
  CONTAINERS_CONF,
  [
    '[containers]',
    // Within this machine's hard limits (podman's own defaults ask more, and runc is refused).
    'default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]',
    'netns = "host"',
    '[engine]',
    'runtime = "runc"',
    '',
  ].join('\n'),
);
const podmanEnv = { ...process.env, CONTAINERS_CONF };
const run = promisify(execFile);

/** Runs podman; resolves with its stdout, rejects with its stderr in the message. */
export async function podman(args: string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await run('podman', args, { env: podmanEnv, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return stdout.trim();
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`podman ${args.join(' ')}: ${failure.stderr || failure.stdout || failure.message}`.slice(0, 4_000));
  }
}

/** podman's answer, or undefined when it fails (the container is gone, the image is missing). */
export const podmanMaybe = (args: string[]) => podman(args).catch(() => undefined);

/** The Containerfile's base image, by the name it gives. */
export const baseImage = () => {
  const line = readFileSync(join(REPO_ROOT, 'Containerfile'), 'utf8').match(/^ARG NODE_IMAGE=(\S+)$/m);
  if (!line?.[1]) throw new Error('Containerfile: no ARG NODE_IMAGE');
  return line[1];
};

/** The base image as a registry would give it, built here by deploy/base-stand-in.sh when this machine has none. */
export async function ensureBaseImage(): Promise<'present' | 'stand-in built'> {
  try {
    execFileSync('podman', ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error('podman is missing: on Debian, apt-get install podman runc mmdebstrap haproxy (docs/testing.md)');
  }
  if ((await podmanMaybe(['image', 'exists', baseImage()])) !== undefined) return 'present';
  execFileSync(join(REPO_ROOT, 'deploy/base-stand-in.sh'), [], { env: podmanEnv, stdio: 'pipe', timeout: 15 * 60_000 });
  return 'stand-in built';
}

/**
 * The machine's certificate authorities for the build's `npm ci`, when the machine reaches the npm registry through a
 * proxy that signs with its own: the host's bundle over the image's, and an npmrc naming it. Bind mounts of the build
 * only: nothing of them is in the image.
 */
function hostCertificateMounts(): string[] {
  const bundle = process.env.NODE_EXTRA_CA_CERTS ?? process.env.SSL_CERT_FILE;
  if (!bundle || !existsSync(bundle)) return [];
  const npmrc = join(confDir, 'npmrc');
  writeFileSync(npmrc, 'cafile=/etc/ssl/certs/ca-certificates.crt\n');
  return ['-v', `${bundle}:/etc/ssl/certs/ca-certificates.crt:ro`, '-v', `${npmrc}:/usr/local/etc/npmrc:ro`];
}

/** The commit this checkout is at, short, for the image's version and revision labels. */
export const revision = () => execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: REPO_ROOT }).toString().trim();

/** Builds TEST_IMAGE from this checkout with the real Containerfile, unchanged. */
export async function buildImage(): Promise<{ version: string; revision: string }> {
  const commit = revision();
  const version = `test-${commit}`;
  await podman(
    [
      'build',
      // HEALTHCHECK and STOPSIGNAL are kept by the Docker image format only (OCI's has no field for a health check).
      '--format',
      'docker',
      '--pull=never',
      '--file',
      join(REPO_ROOT, 'Containerfile'),
      '--tag',
      TEST_IMAGE,
      '--build-arg',
      `VERSION=${version}`,
      '--build-arg',
      `REVISION=${commit}`,
      ...hostCertificateMounts(),
      REPO_ROOT,
    ],
    20 * 60_000,
  );
  return { version, revision: commit };
}

/** Removes a container whatever its state; quiet when there is none. */
export const removeContainer = (name: string) => podmanMaybe(['rm', '--force', '--time', '0', name]);
