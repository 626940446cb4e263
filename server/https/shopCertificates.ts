import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import type { Store } from '../db/open';
import { shopProfile } from '../domains/settings/profile';
import {
  issueServerCertificate,
  type KeyAndCert,
  makeAuthority,
  pemToDer,
  serverCertificateFits,
} from './authority';
import { type BoxNames, boxNames } from './boxNames';

/** What the https server and the certificate page need. */
export interface ShopCertificates {
  /** The server's key and certificate (PEM), for TLS. */
  key: string;
  cert: string;
  /** The authority's certificate, which each device trusts once. */
  authorityPem: string;
  authorityDer: Buffer;
  /** The names and addresses the server certificate holds. */
  names: BoxNames;
  /** What this start did: for the start-up message. */
  made: { authority: boolean; serverCertificate: boolean };
}

/** The files, in DATA_DIR/https: the keys readable by the app's own user only. */
const CERTIFICATE_FILES = {
  authorityKey: 'ca.key',
  authorityCert: 'ca.crt',
  serverKey: 'server.key',
  serverCert: 'server.crt',
} as const;

/** Written whole or not at all: a power cut mid-write must not leave half a key. */
function keep(file: string, text: string, mode: number) {
  const temp = `${file}.new`;
  writeFileSync(temp, text, { mode });
  chmodSync(temp, mode);
  renameSync(temp, file);
}

function readPair(dir: string, keyFile: string, certFile: string): KeyAndCert | null {
  const key = path.join(dir, keyFile);
  const cert = path.join(dir, certFile);
  if (!existsSync(key) || !existsSync(cert)) return null;
  chmodSync(key, 0o600);
  return { keyPem: readFileSync(key, 'utf8'), certPem: readFileSync(cert, 'utf8') };
}

function keepPair(dir: string, keyFile: string, certFile: string, pair: KeyAndCert) {
  keep(path.join(dir, keyFile), pair.keyPem, 0o600);
  keep(path.join(dir, certFile), pair.certPem, 0o644);
}

/**
 * The shop's authority and server certificate: made on the first start with HTTPS on and
 * kept in DATA_DIR/https; later starts reuse them, making only the server certificate
 * again when the box's names or addresses changed (the same authority signs it, so the
 * devices that trust it notice nothing). Losing ca.key means a new authority, to be
 * trusted again on every device.
 */
function shopCertificates(
  dataDir: string,
  shopName: string,
  extraNames: readonly string[] = [],
): ShopCertificates {
  const dir = path.join(dataDir, 'https');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const { authorityKey, authorityCert, serverKey, serverCert } = CERTIFICATE_FILES;

  let authority = readPair(dir, authorityKey, authorityCert);
  const madeAuthority = !authority;
  if (!authority) {
    authority = makeAuthority(shopName, os.hostname());
    keepPair(dir, authorityKey, authorityCert, authority);
  }

  const names = boxNames(extraNames);
  let server = readPair(dir, serverKey, serverCert);
  const madeServer = !server || !serverCertificateFits(server.certPem, authority.certPem, names);
  if (!server || madeServer) {
    server = issueServerCertificate(authority, names);
    keepPair(dir, serverKey, serverCert, server);
  }
  return {
    key: server.keyPem,
    cert: server.certPem,
    authorityPem: authority.certPem,
    authorityDer: pemToDer(authority.certPem),
    names,
    made: { authority: madeAuthority, serverCertificate: madeServer },
  };
}

/** The certificates when HTTPS is on (the authority named after the shop), else null. */
export function certificatesFor(config: Config, db: Store): ShopCertificates | null {
  if (!config.https) return null;
  return shopCertificates(config.dataDir, shopProfile(db).businessName, config.https.extraNames);
}
