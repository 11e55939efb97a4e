import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parse(raw: string): RawResponse {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/**
 * Writes `chunks` to a fresh connection (waiting `gapMs` between them) and resolves with the response, once
 * the server closes the connection or `Connection: close` completes; fails after `limitMs`.
 */
export function rawRequest(port: number, chunks: string[], options: { gapMs?: number; limitMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no response within ${options.limitMs ?? 10_000} ms`));
    }, options.limitMs ?? 10_000);
    socket.on('data', (data) => {
      received += data.toString('utf8');
    });
    const finish = () => {
      clearTimeout(limit);
      clearTimeout(timer);
      if (received === '') reject(new Error('the connection closed without a response'));
      else resolve(parse(received));
    };
    socket.on('close', finish);
    socket.on('error', () => undefined);
    let index = 0;
    const next = () => {
      if (index >= chunks.length || socket.destroyed) return;
      socket.write(chunks[index] ?? '');
      index += 1;
      timer = setTimeout(next, options.gapMs ?? 0);
    };
    socket.on('connect', next);
  });
}
