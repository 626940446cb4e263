import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { CERTIFICATE_TEXT } from '../../shared/texts/certificate';
import { type TestShop, testApp } from '../helpers/app';

interface Answer {
  status: number;
  type: string;
  body: Buffer;
}

/** One GET over http or https (node's own clients, nothing trusted unless `ca` is given). */
function get(url: string, options: https.RequestOptions = {}): Promise<Answer> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
  });
}

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

let shop: TestShop;
let port: number;
beforeAll(async () => {
  shop = await testApp({ HTTPS: '1', HTTPS_NAMES: 'counter.shop.lan, 10.20.30.40' });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(shop.app);
});
afterAll(() => shop.close());

/** The authority's certificate as a device downloads it, over plain http. */
async function downloadAuthority(at = port) {
  const answer = await get(`http://127.0.0.1:${at}/setup/certificate/ca.crt`);
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('application/x-x509-ca-cert');
  return new X509Certificate(answer.body);
}

describe('HTTPS=1', () => {
  it('shows the certificate page without sign-in, over the plain http a device starts from', async () => {
    const page = await get(`http://127.0.0.1:${port}/setup/certificate`);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    const text = page.body.toString();
    for (const heading of [CERTIFICATE_TEXT.android, CERTIFICATE_TEXT.ipad, CERTIFICATE_TEXT.windows]) {
      expect(text).toContain(`<h3>${heading}</h3>`);
    }
    expect(text).toContain('href="/setup/certificate/ca.crt"');
    expect(text).toContain('Certificate Trust Settings');
    expect(text).toContain('Trusted Root Certification Authorities');
    // Where to go afterwards: this address over https, then the box's other names.
    expect(text).toContain(`href="https://127.0.0.1:${port}/"`);
    expect(text).toContain(`href="https://counter.shop.lan:${port}/"`);
    expect(text).not.toContain(CERTIFICATE_TEXT.off);
  });

  it('offers the authority certificate (DER), never a private key', async () => {
    const authority = await downloadAuthority();
    expect(authority.ca).toBe(true);
    expect(authority.subject).toContain('Counter CA');
    expect(authority.checkIssued(authority)).toBe(true);
    const pem = await get(`http://127.0.0.1:${port}/setup/certificate/ca.pem`);
    expect(pem.body.toString()).toBe(authority.toString());
    for (const url of ['/setup/certificate', '/setup/certificate/ca.pem', '/setup/certificate/ca.key']) {
      const answer = await get(`http://127.0.0.1:${port}${url}`);
      expect(answer.body.toString(), url).not.toContain('PRIVATE KEY');
    }
  });

  it('answers https to a client that trusts the downloaded authority, by each name of the box', async () => {
    const ca = (await downloadAuthority()).toString();
    const health = await get(`https://127.0.0.1:${port}/api/health`, { ca });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
    for (const servername of [
      'localhost',
      os.hostname(),
      `${os.hostname().split('.')[0]}.local`,
      'counter.shop.lan',
    ]) {
      const answer = await get(`https://127.0.0.1:${port}/api/health`, { ca, servername });
      expect(answer.status, servername).toBe(200);
    }
  });

  it('is refused over https by a client that does not trust the authority, or by a name it does not hold', async () => {
    await expect(get(`https://127.0.0.1:${port}/api/health`)).rejects.toMatchObject({
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    const ca = (await downloadAuthority()).toString();
    await expect(
      get(`https://127.0.0.1:${port}/api/health`, { ca, servername: 'elsewhere.example' }),
    ).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });

  it("names every address of the box's network cards in the server certificate", async () => {
    const cert = new X509Certificate(readFileSync(path.join(shop.config.dataDir, 'https', 'server.crt')));
    const names = String(cert.subjectAltName).split(', ');
    // Node writes an IPv6 address in full: compare addresses as addresses.
    const held = new BlockList();
    for (const name of names.filter((n) => n.startsWith('IP Address:'))) {
      const ip = name.slice('IP Address:'.length);
      held.addAddress(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
    }
    const cards = Object.values(os.networkInterfaces()).flat();
    const addresses = [...cards.flatMap((c) => (c && !c.internal ? [c.address] : [])), '127.0.0.1', '::1'];
    for (const ip of [...addresses, '10.20.30.40']) {
      expect(held.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4'), ip).toBe(true);
    }
    const host = os.hostname().toLowerCase();
    for (const name of ['localhost', host, `${host.split('.')[0]}.local`, 'counter.shop.lan']) {
      expect(names).toContain(`DNS:${name}`);
    }
  });

  it('keeps the keys readable by the app only', () => {
    const dir = path.join(shop.config.dataDir, 'https');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const key of ['ca.key', 'server.key'])
      expect(statSync(path.join(dir, key)).mode & 0o777).toBe(0o600);
  });

  it('reuses the authority on the next start, and makes the server certificate again when the names change', async () => {
    const first = await downloadAuthority();
    const serverCert = () => readFileSync(path.join(shop.config.dataDir, 'https', 'server.crt'), 'utf8');
    const issued = serverCert();
    const restart = async (names: string) => {
      const config = loadConfig({
        DATA_DIR: shop.config.dataDir,
        HTTPS: '1',
        HTTPS_NAMES: names,
        LOG_LEVEL: 'silent',
      });
      const again = await buildApp({ db: shop.db, config, logger: false });
      await again.listen({ port: 0, host: '127.0.0.1' });
      return again;
    };

    const same = await restart('counter.shop.lan,10.20.30.40');
    try {
      expect((await downloadAuthority(portOf(same))).raw).toEqual(first.raw);
      expect(serverCert()).toBe(issued);
    } finally {
      await same.close();
    }

    const moved = await restart('counter.shop.lan,10.20.30.41');
    try {
      expect((await downloadAuthority(portOf(moved))).raw).toEqual(first.raw);
      expect(serverCert()).not.toBe(issued);
      // A device that trusted the authority before still trusts the new server certificate.
      const answer = await get(`https://127.0.0.1:${portOf(moved)}/api/health`, { ca: first.toString() });
      expect(answer.status).toBe(200);
    } finally {
      await moved.close();
    }
  });
});

describe('HTTPS unset', () => {
  let plain: TestShop;
  beforeAll(async () => {
    plain = await testApp();
  });
  afterAll(() => plain.close());

  it('says on the page that https is off and how to turn it on, and offers no certificate', async () => {
    const page = await plain.app.inject({ url: '/setup/certificate' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(CERTIFICATE_TEXT.off);
    expect(page.body).toContain(CERTIFICATE_TEXT.turnOnCommand);
    expect(page.body).not.toContain('/setup/certificate/ca.crt');
    const ca = await plain.app.inject({ url: '/setup/certificate/ca.crt' });
    expect(ca.statusCode).toBe(404);
  });
});
