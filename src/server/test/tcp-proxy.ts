import net from 'node:net';
import { createPostgresDatabase } from './harness.ts';

export interface TcpProxy {
  port: number;
  /** drops every open connection and refuses new ones (the database "goes away") */
  cut(): Promise<void>;
  /** keeps accepting connections but forwards nothing (a network black hole) */
  stall(): void;
  /** forwards again, on the same port */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `target`, which a test can cut and restore. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (stalled) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    stall: () => {
      stalled = true;
      for (const socket of sockets) socket.destroy();
    },
    restore: async () => {
      stalled = false;
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}

/** A new PostgreSQL database (harness.ts) that the test reaches through a TcpProxy it can cut: the URL through the proxy. */
export async function postgresBehindProxy(): Promise<{ proxy: TcpProxy; url: string; drop: () => Promise<void> }> {
  const created = await createPostgresDatabase();
  const proxy = await startTcpProxy({ host: created.url.hostname, port: Number(created.url.port || 5432) });
  const viaProxy = new URL(created.url);
  viaProxy.port = String(proxy.port);
  return { proxy, url: viaProxy.toString(), drop: () => created.drop() };
}
