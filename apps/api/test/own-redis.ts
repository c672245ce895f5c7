/** A redis-server of the test's own (its own port, nothing on disk), so a fault test can stop it without touching the machine's. */
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';

export interface TOwnRedis {
  url: string;
  start(): Promise<void>;
  /** Kills it at once, as a crash or a network cut would. */
  kill(): Promise<void>;
  client(): Redis;
}

export function createOwnRedis(port: number): TOwnRedis {
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const client = () => {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {}); // probing a server that is not up yet is expected to fail
    return redis;
  };
  return {
    url,
    client,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let i = 0; i < 100; i++) {
        const probe = client();
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        } finally {
          probe.disconnect();
        }
      }
      throw new Error("redis-server did not start (is Debian's redis-server installed?)");
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise((r) => {
        running.once('exit', r);
        running.kill('SIGKILL');
      });
    },
  };
}
