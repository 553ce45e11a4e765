import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on loopback in front of a server (PostgreSQL), which a test cuts to play a database
 * that went away: every connection through it is dropped and new ones are refused, until it is
 * restored on the same port.
 */
export interface TcpProxy {
  port: number;
  /** The URL `url` with its host and port replaced by the relay's. */
  through(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A reset on one side ends the other; the test only cares that both go.
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stop,
    async restore() {
      server = createServer(relay);
      await listen(port);
    },
    close: stop,
  };
}
