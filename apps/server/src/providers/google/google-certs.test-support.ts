import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Google's ID-token signing: an RSA key the test generates, a self-signed X.509
 * certificate for it (Google's https://www.googleapis.com/oauth2/v1/certs serves certificates, not
 * bare keys), a local certificates server speaking that endpoint's wire format, and an RS256 signer
 * for real ID tokens. Used by the adapter test, the HTTP tests and the browser tests.
 */
export interface GoogleTestKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** `-----BEGIN CERTIFICATE-----` for the public key, as Google's v1/certs serves it. */
  certificatePem: string;
}

/** A fresh 2048-bit RSA key with a self-signed certificate. */
export function createGoogleTestKey(kid = randomBytes(20).toString('hex')): GoogleTestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    kid,
    privateKey,
    publicKey,
    certificatePem: selfSignedCertificate(privateKey, publicKey),
  };
}

export interface IdTokenClaims {
  iss?: string;
  aud?: string;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Seconds since the epoch; default now. */
  iat?: number;
  /** Seconds since the epoch; default iat + 1 hour. */
  exp?: number;
  [claim: string]: unknown;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A real RS256 JWT like the ones Google Identity Services hands the page. */
export function signGoogleIdToken(key: GoogleTestKey, claims: IdTokenClaims): string {
  const iat = claims.iat ?? Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://accounts.google.com',
    azp: claims.aud,
    email_verified: true,
    ...claims,
    iat,
    exp: claims.exp ?? iat + 3600,
  };
  const head = b64url({ alg: 'RS256', kid: key.kid, typ: 'JWT' });
  const body = b64url(payload);
  const signer = createSign('RSA-SHA256');
  signer.update(`${head}.${body}`);
  return `${head}.${body}.${signer.sign(key.privateKey).toString('base64url')}`;
}

export interface GoogleCertsServer {
  /** The certificates URL to configure as GOOGLE_CERTS_URL. */
  url: string;
  /** How many times the certificates were fetched. */
  fetches: () => number;
  /** Answer with this HTTP status instead of the certificates (an outage). */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
}

/**
 * Serves `{ kid: certificatePem }` at /oauth2/v1/certs on 127.0.0.1 with the cache headers Google
 * sends, so the library caches it as it would in production.
 */
export async function startGoogleCertsServer(keys: GoogleTestKey[]): Promise<GoogleCertsServer> {
  let fetches = 0;
  let failure: number | null = null;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/oauth2/v1/certs') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('Not Found');
      return;
    }
    fetches += 1;
    if (failure !== null) {
      res.writeHead(failure, { 'content-type': 'text/html' }).end('Service Unavailable');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'cache-control': 'public, max-age=21242, must-revalidate, no-transform',
    });
    res.end(JSON.stringify(Object.fromEntries(keys.map((k) => [k.kid, k.certificatePem]))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    fetches: () => fetches,
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- a minimal DER encoder: just enough for one self-signed certificate -------------------------

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let length: Buffer;
  if (n < 0x80) length = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
    length = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const nullValue = () => Buffer.from([0x05, 0x00]);
const integer = (bytes: Buffer) =>
  tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const part of rest) {
    const bytes: number[] = [];
    let v = part;
    do {
      bytes.unshift((v & 0x7f) | (bytes.length ? 0x80 : 0));
      v = Math.floor(v / 128);
    } while (v > 0);
    out.push(...bytes);
  }
  return tlv(0x06, Buffer.from(out));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

/** An X.509 v3 certificate for `publicKey`, signed by `privateKey` (sha256WithRSAEncryption). */
function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject): string {
  const sha256WithRsa = sequence(oid('1.2.840.113549.1.1.11'), nullValue());
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8('chorus-test.googleusercontent.com'))));
  const now = Date.now();
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))), // [0] EXPLICIT version v3
    integer(randomBytes(8)),
    sha256WithRsa,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 14 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(tbs);
  const der = sequence(tbs, sha256WithRsa, bitString(signer.sign(privateKey)));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
