import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CERTIFICATE_TEXT as T } from '../../shared/texts/certificate';
import type { ShopCertificates } from './shopCertificates';

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Escaped, with **a menu's name** in bold. */
const words = (text: string) => html(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');
const steps = (list: readonly string[]) => `<ol>${list.map((s) => `<li>${words(s)}</li>`).join('')}</ol>`;

const STYLE = `
  body { margin: 0; font: 1rem/1.55 system-ui, sans-serif; color: #212529; background: #f8f9fa; }
  main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; background: #fff; min-height: 100vh; box-sizing: border-box; }
  header { display: flex; align-items: center; gap: .5rem; color: #495057; font-weight: 600; margin-bottom: 1rem; }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .75rem; }
  h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; padding-top: 1rem; border-top: 1px solid #dee2e6; }
  h3 { font-size: 1.05rem; margin: 1.25rem 0 .25rem; }
  ol { padding-left: 1.5rem; margin: .25rem 0; } li { margin: .35rem 0; }
  a { color: #a61e4d; }
  .download { display: inline-block; padding: .75rem 1.25rem; min-height: 44px; box-sizing: border-box;
    background: #c2255c; color: #fff; border-radius: .5rem; font-weight: 600; text-decoration: none; }
  .download:focus-visible, a:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
  .note, .fingerprint { color: #495057; font-size: .925rem; }
  .fingerprint code { overflow-wrap: anywhere; }
  .off { padding: .75rem 1rem; background: #fff4e6; border-left: 4px solid #d9480f; }
  .open a { font-size: 1.15rem; font-weight: 600; overflow-wrap: anywhere; }
  code { font-size: .9em; background: #f1f3f5; padding: .1rem .3rem; border-radius: .25rem; }
  ul.addresses { padding-left: 1.25rem; } ul.addresses a { overflow-wrap: anywhere; }
`;

function page(body: string): string {
  return `<!doctype html>
<html lang="en-PH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(T.title)} | Back Office</title>
<link rel="icon" type="image/svg+xml" href="/logo.svg">
<style>${STYLE}</style>
</head>
<body><main>
<header><img src="/logo.svg" alt="" width="32" height="32">Back Office</header>
<h1>${html(T.title)}</h1>
${body}
</main></body>
</html>
`;
}

function offPage(): string {
  return page(`<p class="off" role="status"><strong>${html(T.off)}</strong></p>
<p>${html(T.offWhy)}</p>
<p>${html(T.turnOn)}</p>
<p><code>${html(T.turnOnCommand)}</code></p>
<p>${html(T.turnOnThen)}</p>`);
}

/** An address as a browser takes it: an IPv6 one in brackets. */
const urlOf = (host: string, port: number) => `https://${isIP(host) === 6 ? `[${host}]` : host}:${port}/`;
const link = (url: string) => `<a href="${html(url)}">${html(url)}</a>`;

const manilaDay = (date: string) =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(new Date(date));

function onPage(certs: ShopCertificates, req: FastifyRequest): string {
  const authority = new X509Certificate(certs.authorityDer);
  const name = /CN=([^\n]+)/.exec(authority.subject)?.[1] ?? '';
  const port = req.socket.localPort ?? 0;
  const used = req.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const covered = certs.names.dns.includes(used) || certs.names.ips.includes(used);
  // What a tablet can reach the box by: its names and IPv4 addresses, not loopback.
  const others = [...certs.names.dns, ...certs.names.ips.filter((ip) => isIP(ip) === 4)]
    .filter((host) => host !== used && host !== 'localhost' && !host.startsWith('127.'))
    .map((host) => `<li>${link(urlOf(host, port))}</li>`)
    .join('');
  return page(`<p>${html(T.why)}</p>
<h2>${html(T.downloadHeading)}</h2>
<p><a class="download" href="/setup/certificate/ca.crt">${html(T.download)}</a></p>
<p class="note">${html(T.downloadNote(name, manilaDay(authority.validTo)))}</p>
<p class="fingerprint">${html(T.fingerprints)}: <code>${authority.fingerprint256}</code><br>
${html(T.fingerprintSha1)}: <code>${authority.fingerprint}</code></p>
<p class="note"><a href="/setup/certificate/ca.pem">${html(T.pem)}</a></p>
<h2>${html(T.trustHeading)}</h2>
<h3>${html(T.android)}</h3>${steps(T.androidSteps)}
<h3>${html(T.ipad)}</h3>${steps(T.ipadSteps)}
<h3>${html(T.windows)}</h3>${steps(T.windowsSteps)}
<p>${words(T.windowsOr)}</p>
<h2>${html(T.openHeading)}</h2>
${covered ? `<p class="open">${html(T.openHere)}<br>${link(urlOf(used, port))}</p>` : `<p class="off">${html(T.notCovered(used))}</p>`}
${others ? `<p>${html(T.otherAddresses)}</p><ul class="addresses">${others}</ul>` : ''}
<p>${html(T.signInAgain)}</p>`);
}

/** Where a device finds the shop's authority: served without sign-in, over http and https. */
export const certificatePage: FastifyPluginAsync<{ certificates: ShopCertificates | null }> = async (
  app,
  { certificates },
) => {
  // The page and the certificate may change (a new authority): always asked for again.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
  });
  app.get('/setup/certificate', (req, reply) =>
    reply.type('text/html; charset=utf-8').send(certificates ? onPage(certificates, req) : offPage()),
  );
  // The authority's certificate only: its key never leaves DATA_DIR. DER, which Android,
  // iPadOS and Windows all import; by its type alone (no attachment header), so Safari on
  // the iPad offers to install it as a profile and the others save it as ca.crt.
  app.get('/setup/certificate/ca.crt', (_req, reply) => {
    if (!certificates) return reply.status(404).type('text/plain; charset=utf-8').send(T.noAuthority);
    return reply.type('application/x-x509-ca-cert').send(certificates.authorityDer);
  });
  app.get('/setup/certificate/ca.pem', (_req, reply) => {
    if (!certificates) return reply.status(404).type('text/plain; charset=utf-8').send(T.noAuthority);
    return reply
      .type('application/x-pem-file')
      .header('content-disposition', 'attachment; filename="shop-counter-ca.pem"')
      .send(certificates.authorityPem);
  });
};
