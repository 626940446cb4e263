import http from 'node:http';
import type { Socket } from 'node:net';
import tls from 'node:tls';

/** The first byte of a TLS handshake; an http request starts with a method's letter. */
const TLS_HANDSHAKE = 0x16;

/** How long a connection may stay silent before it says which protocol it speaks. */
const FIRST_BYTE_WITHIN_MS = 30_000;

interface ServerKeys {
  key: string;
  cert: string;
}

interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
}

/**
 * One http server on the port, answering https and plain http alike. With HTTPS on, a
 * tablet still open at the http address keeps selling and sends the sales it queued
 * there (its queue belongs to that address); each device moves to https when it trusts
 * the shop's authority (docs/decisions.md, Reopening offline). A TLS connection is
 * decrypted and handed to the same http server, so Fastify sees one server: its
 * timeouts, keep-alive and closing cover both.
 */
export function plainAndSecure(keys: ServerKeys) {
  return (handler: http.RequestListener, options: ServerTimeouts = {}): http.Server => {
    const server = http.createServer(handler);
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    const [serveHttp] = server.listeners('connection') as ((socket: Socket) => void)[];
    if (!serveHttp) throw new Error('node:http no longer listens for connections itself');
    server.removeAllListeners('connection');
    const secure = tls.createServer({ ...keys, ALPNProtocols: ['http/1.1'] }, (decrypted) =>
      serveHttp.call(server, decrypted),
    );
    server.on('connection', (socket: Socket) => {
      // A connection that breaks before its first byte is nobody's to report.
      const dropped = () => socket.destroy();
      socket.on('error', dropped);
      socket.setTimeout(FIRST_BYTE_WITHIN_MS, dropped);
      socket.once('readable', () => {
        const first = socket.read(1) as Buffer | null;
        socket.off('error', dropped);
        socket.off('timeout', dropped);
        socket.setTimeout(0);
        if (!first) return socket.destroy();
        socket.unshift(first);
        if (first[0] === TLS_HANDSHAKE) {
          // As node's own https server has it: a refused handshake must close the socket.
          socket.allowHalfOpen = false;
          secure.emit('connection', socket);
        } else serveHttp.call(server, socket);
      });
    });
    return server;
  };
}
