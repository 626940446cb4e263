import { randomBytes } from 'node:crypto';
import forge from 'node-forge';
import type { BoxNames } from './boxNames';

const { pki } = forge;

/** A private key and its certificate, as PEM. */
export interface KeyAndCert {
  keyPem: string;
  certPem: string;
}

const DAY_MS = 86_400_000;
/** The authority outlives the tablets: trusting it is a visit to every device. */
const AUTHORITY_YEARS = 10;
/** Apple refuses a server certificate valid for more than 825 days, even under a root the user trusts. */
const SERVER_DAYS = 800;
/** A server certificate this close to its end is made again at start. */
const RENEW_WITHIN_DAYS = 30;
/** X.509's limit on a common name. */
const COMMON_NAME_MAX = 64;

/** PEM with plain line ends (forge writes CRLF), as node and openssl write it. */
const lf = (pem: string) => pem.replace(/\r\n/g, '\n');

/** A positive serial number of 16 random bytes, as certificates want it. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

/** A name in UTF-8: shop names are not limited to the letters PrintableString allows (&, ñ). */
const utf8 = (shortName: 'CN' | 'O' | 'OU', value: string) => ({
  shortName,
  value,
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.pki.CertificateField['valueTagClass'],
});

/** Valid from a day ago, so a tablet whose clock runs a little behind still accepts it. */
function validFor(cert: forge.pki.Certificate, now: Date, days: number) {
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(now.getTime() + days * DAY_MS);
}

/** The shop's own certificate authority: it signs the server certificate and nothing else. */
export function makeAuthority(shopName: string, box: string, now = new Date()): KeyAndCert {
  const keys = pki.rsa.generateKeyPair(2048);
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  const years = new Date(now);
  years.setFullYear(years.getFullYear() + AUTHORITY_YEARS);
  validFor(cert, now, Math.round((years.getTime() - now.getTime()) / DAY_MS));
  const suffix = ' Counter CA';
  const name = [
    utf8('CN', `${shopName.slice(0, COMMON_NAME_MAX - suffix.length)}${suffix}`),
    utf8('O', shopName.slice(0, COMMON_NAME_MAX)),
    utf8('OU', `Made on ${box}`.slice(0, COMMON_NAME_MAX)),
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { keyPem: lf(pki.privateKeyToPem(keys.privateKey)), certPem: lf(pki.certificateToPem(cert)) };
}

/** A server certificate for this box's names and addresses, signed by the shop's authority. */
export function issueServerCertificate(authority: KeyAndCert, names: BoxNames, now = new Date()): KeyAndCert {
  const caCert = pki.certificateFromPem(authority.certPem);
  const caKey = pki.privateKeyFromPem(authority.keyPem);
  const keys = pki.rsa.generateKeyPair(2048);
  const cert = pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  validFor(cert, now, SERVER_DAYS);
  cert.setSubject([utf8('CN', (names.dns.find((n) => n !== 'localhost') ?? 'localhost').slice(0, 64))]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    // Browsers read only these names, never the common name.
    {
      name: 'subjectAltName',
      altNames: [
        ...names.dns.map((value) => ({ type: 2, value })),
        ...names.ips.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { keyPem: lf(pki.privateKeyToPem(keys.privateKey)), certPem: lf(pki.certificateToPem(cert)) };
}

/** forge has it, its types do not. */
const { bytesFromIP } = forge.util as unknown as { bytesFromIP(ip: string): string | null };
/** An address as its bytes, so "::1" and "0:0::1" compare equal. */
const ipKey = (ip: string) => forge.util.bytesToHex(bytesFromIP(ip) ?? ip);
const namesKey = (dns: string[], ips: string[]) => JSON.stringify([[...dns].sort(), ips.map(ipKey).sort()]);

/**
 * Whether a server certificate can serve on: signed by this authority, naming exactly the
 * box's names and addresses now, and not near its end. Otherwise it is made again (a new
 * address from the router, say); the devices trust the authority, so they notice nothing.
 */
export function serverCertificateFits(
  serverCertPem: string,
  authorityCertPem: string,
  names: BoxNames,
  now = new Date(),
): boolean {
  try {
    const cert = pki.certificateFromPem(serverCertPem);
    if (!pki.certificateFromPem(authorityCertPem).verify(cert)) return false;
    const renewFrom = cert.validity.notAfter.getTime() - RENEW_WITHIN_DAYS * DAY_MS;
    if (now.getTime() > renewFrom || now < cert.validity.notBefore) return false;
    const alt = cert.getExtension('subjectAltName') as {
      altNames?: { type: number; value: string; ip?: string }[];
    };
    const altNames = alt?.altNames ?? [];
    const dns = altNames.filter((n) => n.type === 2).map((n) => n.value);
    const ips = altNames.filter((n) => n.type === 7).map((n) => n.ip ?? '');
    return namesKey(dns, ips) === namesKey(names.dns, names.ips);
  } catch {
    return false;
  }
}

/** The authority's certificate as DER: the form Android, iPadOS and Windows all import. */
export function pemToDer(certPem: string): Buffer {
  const der = forge.asn1.toDer(pki.certificateToAsn1(pki.certificateFromPem(certPem))).getBytes();
  return Buffer.from(der, 'binary');
}
