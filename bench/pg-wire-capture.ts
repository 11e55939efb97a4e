/**
 * A TCP proxy in front of PostgreSQL that records the statements a server sends (the extended protocol's
 * Parse/Bind pairs and simple queries), whatever query builder, driver options or revision produced them.
 * The throughput comparison points a server at it, sends one request and replays what went over the wire.
 */
import net from 'node:net';

export interface WireStatement {
  sql: string;
  /** text parameters as sent (null for SQL NULL); a binary parameter is kept as a Buffer */
  params: (string | Buffer | null)[];
  /** the server sent it as a named prepared statement (parsed once per connection) */
  prepared: boolean;
  at: number;
}

export interface WireCapture {
  port: number;
  statements: WireStatement[];
  close(): Promise<void>;
}

function cString(buffer: Buffer, offset: number): [string, number] {
  const end = buffer.indexOf(0, offset);
  return [buffer.toString('utf8', offset, end), end + 1];
}

/** Decodes the client's messages of one connection and forwards every byte unchanged. */
function frontendReader(record: (statement: WireStatement) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let started = false;
  const parsed = new Map<string, string>();
  const onMessage = (type: string, body: Buffer): void => {
    if (type === 'P') {
      const [name, afterName] = cString(body, 0);
      const [sql] = cString(body, afterName);
      parsed.set(name, sql);
    } else if (type === 'B') {
      let [, offset] = cString(body, 0);
      const [name, afterStatement] = cString(body, offset);
      offset = afterStatement;
      const formatCount = body.readInt16BE(offset);
      const formats = Array.from({ length: formatCount }, (_, i) => body.readInt16BE(offset + 2 + i * 2));
      offset += 2 + formatCount * 2;
      const paramCount = body.readInt16BE(offset);
      offset += 2;
      const params: (string | Buffer | null)[] = [];
      for (let i = 0; i < paramCount; i += 1) {
        const length = body.readInt32BE(offset);
        offset += 4;
        if (length < 0) {
          params.push(null);
          continue;
        }
        const bytes = body.subarray(offset, offset + length);
        offset += length;
        const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
        params.push(binary ? Buffer.from(bytes) : bytes.toString('utf8'));
      }
      record({ sql: parsed.get(name) ?? '', params, prepared: name !== '', at: performance.now() });
    } else if (type === 'Q') {
      record({ sql: cString(body, 0)[0], params: [], prepared: false, at: performance.now() });
    }
  };
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        // the startup message (or an SSLRequest) has no type byte
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        if (code !== 80877103 && code !== 80877104) started = true;
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      onMessage(String.fromCharCode(pending[0] ?? 0), pending.subarray(5, 1 + length));
      pending = pending.subarray(1 + length);
    }
  };
}

/** Listens on a free 127.0.0.1 port and forwards to `target` (host:port of PostgreSQL). */
export async function startWireCapture(target: { host: string; port: number }): Promise<WireCapture> {
  const statements: WireStatement[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const read = frontendReader((statement) => statements.push(statement));
    client.on('data', (chunk: Buffer) => {
      read(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the capture proxy has no port');
  return {
    port: address.port,
    statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
