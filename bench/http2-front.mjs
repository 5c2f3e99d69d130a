// A TLS front speaking HTTP/2 to the browser and HTTP/1.1 to the app's server, as docs/deployment.md ("HTTP/2 and
// caching behind the reverse proxy") deploys it behind nginx or Caddy, so that bench/lighthouse.mjs measures a page
// the way owners receive it: over HTTP/2 a page's scripts, fonts and first calls share one connection, where over
// HTTP/1.1 they queue on six (Lighthouse's simulation models both). Loopback only; the certificate is made for the
// run (openssl) and the browser is told to take it (--ignore-certificate-errors).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Headers of one hop that HTTP/2 forbids or that describe the other connection.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings'];

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'brade-bench-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'].concat([
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } catch (error) {
    throw new Error(
      `the HTTP/2 front needs openssl to make its certificate (LIGHTHOUSE_PROTOCOL=http1 goes without): ${error.message}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the front on loopback `port` before `target` (http://127.0.0.1:<port>), whose PUBLIC_URL must be the front's
 * own URL (the server sends a page asked for at another host there); resolves to that URL and a stop function.
 */
export async function startHttp2Front(target, port) {
  const upstream = new URL(target);
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true });
  const sockets = new Set();
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('request', (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.includes(name)) headers[name] = value;
    }
    headers.host = req.headers[':authority'] ?? req.headers.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.includes(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The browser's open connections would hold close() back.
        for (const socket of sockets) socket.destroy();
      }),
  };
}
