import type { FastifyReply } from 'fastify';

/** How long a client waits before reconnecting after the connection drops (the `retry` field). */
export const RECONNECT_MS = 2_000;
/**
 * How long a too-slow client has to take the stream's last bytes (its `end` event) before its
 * connection is reset: a client that reads nothing would otherwise keep the socket, and what
 * waits in it, for ever (issue 19: no unread socket closed within 55 s).
 */
const ABANDON_GRACE_MS = 1_000;

/**
 * One Server-Sent Events message. `data` is JSON text, which never holds a raw line break, so it
 * is one `data:` line (the SSE format would split lines into several).
 */
export function sseMessage(event: string, data: string, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}

/**
 * The response of a live stream, written on the raw socket: the headers every proxy needs to
 * pass it on at once (no caching, no transformation, nginx's X-Accel-Buffering off), plus the
 * headers hooks put on the reply before it (CORS). A client that cannot keep up is cut off
 * rather than buffered without end (`maxBuffered`).
 */
export class SseConnection {
  private readonly reply: FastifyReply;
  private closed = false;
  private readonly closeListeners: (() => void)[] = [];
  private readonly maxBuffered: number;
  /** Bytes handed to the socket so far: less `buffered`, what the client's side took. */
  private written = 0;
  private stall:
    { ms: number; onStalled: () => void; timer: NodeJS.Timeout | undefined } | undefined;

  /**
   * `maxBuffered` (Limits.streamBufferBytes): the most that may wait unsent before the client
   * counts as too slow. The stream then ends and the client comes back with Last-Event-ID,
   * which replays from the event log at its own pace (losing nothing), instead of the instance
   * holding an ever-growing buffer.
   */
  constructor(reply: FastifyReply, maxBuffered: number) {
    this.reply = reply;
    this.maxBuffered = maxBuffered;
    const raw = reply.raw;
    raw.on('close', () => this.onClosed());
    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      // The connection ends with the stream: reconnecting opens a new one, and an instance that
      // stops has no idle connection left behind to wait for.
      connection: 'close',
    });
    raw.flushHeaders();
    raw.write(`retry: ${RECONNECT_MS}\n\n`);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Bytes written but not yet taken by the client's socket. */
  get buffered(): number {
    return this.reply.raw.writableLength;
  }

  /** Writes `text`; false when the stream is closed or its client too slow (then it is ended). */
  send(text: string): boolean {
    if (this.closed) return false;
    if (this.buffered > this.maxBuffered) return false;
    const raw = this.reply.raw;
    // Messages written in one tick (a page of the log, a replay) leave in one packet.
    if (raw.writableCorked === 0) {
      raw.cork();
      process.nextTick(() => raw.uncork());
    }
    raw.write(text);
    this.written += Buffer.byteLength(text);
    this.watchStall();
    return true;
  }

  /**
   * Calls `onStalled` once bytes have waited in the cloud for `ms` with none taken meanwhile: a
   * client that reads nothing, also on a quiet stream whose writes never reach the buffer's
   * limit (issue 35: such a stream was never ended). Bytes wait here only once the operating
   * system's socket buffers are full, so this ends readers that stopped, not slow networks.
   */
  watchReader(ms: number, onStalled: () => void): void {
    this.stall = { ms, onStalled, timer: undefined };
    this.watchStall();
  }

  private watchStall(): void {
    const stall = this.stall;
    if (!stall || stall.timer || this.closed || this.buffered === 0) return;
    const taken = this.written - this.buffered;
    stall.timer = setTimeout(() => {
      stall.timer = undefined;
      if (this.closed || this.buffered === 0) return;
      if (this.written - this.buffered > taken) this.watchStall();
      else stall.onStalled();
    }, stall.ms);
    stall.timer.unref();
  }

  /** Sends `last` (a final event) if the client still listens, and closes the stream. */
  end(last?: string): void {
    if (this.closed) return;
    const raw = this.reply.raw;
    if (last !== undefined && raw.writable) raw.end(last);
    else raw.end();
    this.onClosed();
  }

  /**
   * Ends the stream of a client that does not read: `last` goes out if the client takes it
   * within ABANDON_GRACE_MS, else the connection is reset, which drops what waits for it.
   */
  abandon(last: string): void {
    if (this.closed) return;
    const raw = this.reply.raw;
    this.end(last);
    if (raw.writableFinished) return;
    setTimeout(() => {
      if (!raw.writableFinished) raw.socket?.resetAndDestroy();
    }, ABANDON_GRACE_MS).unref();
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  private onClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.stall?.timer);
    for (const listener of this.closeListeners.splice(0)) listener();
  }
}
