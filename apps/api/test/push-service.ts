/**
 * A push service of the tests' own (decision 096): a local HTTP endpoint that takes what the server's push sender
 * posts, as FCM or Mozilla's would, and a browser's side written here from the RFCs with node:crypto (not web-push's
 * helpers): its key pair and auth secret, the check of the VAPID Authorization (RFC 8292: `vapid t=JWT, k=key`, an ES256
 * signature by the server's public key) and the decryption of the aes128gcm body (RFC 8291 over RFC 8188).
 */
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TPushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface TPushService {
  /** http://127.0.0.1:port: the origin the test app allows (TAppDeps.pushOrigins). */
  origin: string;
  received: TPushRequest[];
  /** The status of the next answers, 201 by default (410 gone, 500 down…). */
  answer: number;
  /** A wait before each answer, so two senders' requests overlap. */
  delayMs: number;
  /** Called with each push as it arrives (the browser journeys file them). */
  onReceive?: (push: TPushRequest) => void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TPushService> {
  const service = { received: [] as TPushRequest[], answer: 201, delayMs: 0 } as TPushService;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      service.received.push(push);
      service.onReceive?.(push);
      const status = service.answer;
      setTimeout(() => response.writeHead(status).end(), service.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return service;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, and the JSON it would post. */
export interface TBrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  json(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
}

export function browserKeys(): TBrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint) => ({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * The plaintext of an aes128gcm push body (RFC 8188, RFC 8291): the header (salt, record size, the server's
 * ephemeral public key as the key id), the shared secret with the browser's private key, the IKM mixed with the auth
 * secret, then the content key and nonce, one record, its padding delimiter (0x02) removed.
 */
export function decryptPush(body: Buffer, browser: TBrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] as number;
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length > recordSize) throw new Error('not one aes128gcm record with a P-256 key id');
  const secret = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = hkdf(browser.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error('the last record has no padding delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the VAPID Authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key for
 * this push service's origin, not expired, with a contact. Answers the key and the JWT's claims; throws otherwise.
 */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  nowSeconds: number,
): { key: string; claims: { aud: string; exp: number; sub: string } } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt = '', key = ''] = match;
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const alg = JSON.parse(Buffer.from(header, 'base64url').toString()).alg;
  if (alg !== 'ES256') throw new Error(`VAPID alg ${alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud}, not ${origin}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600)) throw new Error(`VAPID exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID sub ${claims.sub}`);
  return { key, claims };
}
