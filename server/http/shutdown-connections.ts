import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** The longest a shutdown waits for answers under way before it cuts their connections. */
const MAX_DRAIN_MS = 20_000;

/**
 * What a shutdown owes each connection of the HTTP server. Node's `server.close()` closes kept-alive
 * connections between requests, but not one that has not sent a whole request yet: it counts as
 * a request under way (so that its headers time out), and `close()` also stops the timer that
 * would time it out. A client that opens a connection and sends nothing (browsers and fetch's
 * connection pool open spare ones; an attacker opens many) then holds the shutdown until it
 * hangs up: 70 s for Node's fetch, for ever for an attacker, and the instance's push lease and
 * database connections are not given back meanwhile.
 *
 * So at shutdown the connections with no request being answered are closed at once, and those
 * still answering are cut after `drainMs` (at most 20 s, under main.ts's 30 s limit).
 */
export class ShutdownConnections {
  private readonly server: Server;
  private readonly drainMs: number;
  /** Requests being answered, per connection (several when a client pipelines). */
  private readonly answering = new Map<Socket, number>();
  private readonly open = new Set<Socket>();
  private deadline: NodeJS.Timeout | undefined;
  private shuttingDown = false;

  constructor(server: Server, requestTimeoutMs: number) {
    this.server = server;
    this.drainMs = Math.min(requestTimeoutMs, MAX_DRAIN_MS);
    server.on('connection', (socket: Socket) => {
      // Accepted in the moment between the shutdown's start and the server's last accept.
      if (this.shuttingDown) {
        socket.destroy();
        return;
      }
      this.open.add(socket);
      socket.once('close', () => {
        this.open.delete(socket);
        this.answering.delete(socket);
      });
    });
    server.on('request', (request, response) => {
      const socket = request.socket;
      this.answering.set(socket, (this.answering.get(socket) ?? 0) + 1);
      response.once('close', () => {
        const left = (this.answering.get(socket) ?? 1) - 1;
        if (left > 0) this.answering.set(socket, left);
        else this.answering.delete(socket);
      });
    });
  }

  /** Connections open now, and how many of them have a request being answered. */
  get counts(): { open: number; answering: number } {
    return { open: this.open.size, answering: this.answering.size };
  }

  /** Closes the connections that wait for no answer; cuts the others after the drain time. */
  beginShutdown(): void {
    this.shuttingDown = true;
    for (const socket of this.open) {
      if (!this.answering.has(socket)) socket.destroy();
    }
    this.deadline ??= setTimeout(() => this.server.closeAllConnections(), this.drainMs);
    this.deadline.unref();
  }

  /** The server has closed: nothing left to cut. */
  closed(): void {
    clearTimeout(this.deadline);
  }
}
