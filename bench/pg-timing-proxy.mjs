// A PostgreSQL wire-protocol relay on a loopback port that times every round trip the server makes: from the first
// message of a query (simple or extended protocol) to the database's ReadyForQuery. The server is started with
// DATABASE_URL pointing here, so its SQL time is measured as the server sees it, without touching its code.
import { connect, createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
/** Messages that start a round trip when none is in flight: Query, Parse, Bind, Execute, Describe, Sync. */
const STARTS = new Set(['Q', 'P', 'B', 'E', 'D', 'S']);

/**
 * Starts the relay to `target` (host, port). `trips` collects every finished round trip as { start, end } in
 * performance.now() milliseconds; `close()` stops it.
 */
export async function startTimingProxy(target) {
  const trips = [];
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    let inFlight = null;
    // The client's first message (and the one after an SSL or GSS refusal) has no type byte.
    let clientUntyped = true;
    let serverUntypedByte = false;
    let fromClient = Buffer.alloc(0);
    let fromServer = Buffer.alloc(0);
    client.on('data', (chunk) => {
      upstream.write(chunk);
      fromClient = Buffer.concat([fromClient, chunk]);
      for (;;) {
        if (clientUntyped) {
          if (fromClient.length < 8) break;
          const length = fromClient.readInt32BE(0);
          if (fromClient.length < length) break;
          const code = fromClient.readInt32BE(4);
          fromClient = fromClient.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) serverUntypedByte = true;
          else clientUntyped = false;
          continue;
        }
        if (fromClient.length < 5) break;
        const length = fromClient.readInt32BE(1);
        if (fromClient.length < length + 1) break;
        const type = String.fromCharCode(fromClient[0]);
        fromClient = fromClient.subarray(length + 1);
        if (inFlight === null && STARTS.has(type)) inFlight = performance.now();
      }
    });
    upstream.on('data', (chunk) => {
      client.write(chunk);
      fromServer = Buffer.concat([fromServer, chunk]);
      for (;;) {
        if (serverUntypedByte) {
          if (fromServer.length < 1) break;
          fromServer = fromServer.subarray(1);
          serverUntypedByte = false;
          continue;
        }
        if (fromServer.length < 5) break;
        const length = fromServer.readInt32BE(1);
        if (fromServer.length < length + 1) break;
        const type = String.fromCharCode(fromServer[0]);
        fromServer = fromServer.subarray(length + 1);
        if (type === 'Z' && inFlight !== null) {
          trips.push({ start: inFlight, end: performance.now() });
          inFlight = null;
        }
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    trips,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The time within [from, to] during which at least one round trip was in flight, and how many overlapped it. */
export function sqlTimeWithin(trips, from, to) {
  const inside = trips
    .filter((t) => t.end > from && t.start < to)
    .map((t) => [Math.max(t.start, from), Math.min(t.end, to)])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [start, end] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const [s, e] of inside) {
    if (s > end) {
      if (end > start) total += end - start;
      [start, end] = [s, e];
    } else if (e > end) end = e;
  }
  if (end > start) total += end - start;
  return { ms: total, trips: inside.length };
}
