import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { AddressPolicy } from './address-policy.ts';
import { RefusedAddressError } from './address-policy.ts';
import { MAX_ANSWER_BYTES, MAX_IN_FLIGHT } from './limits.ts';

export interface SendOutcome {
  /** HTTP status of the answer, when one came. */
  status?: number;
  /** What went wrong, for a person; absent for a 2xx answer. */
  error?: string;
  durationMs: number;
}

/** A delivery ready to be written to its open connection (HttpSender.prepare). */
export interface PreparedSend {
  /** Writes the request now; its outcome follows. Does nothing once failed or cancelled. */
  fire(): void;
  /** Gives the connection up without sending (the delivery goes back to wait). */
  cancel(): void;
  outcome: Promise<SendOutcome>;
}

/** An attempt that failed before it could be sent. */
export function failed(outcome: SendOutcome): PreparedSend {
  return { fire: () => undefined, cancel: () => undefined, outcome: Promise.resolve(outcome) };
}

export interface SenderOptions {
  timeoutMs: number;
  /** Reuse connections (the default); off only to measure what it saves. */
  keepAlive?: boolean;
}

/**
 * POSTs one delivery, once: no redirects followed, a bounded answer, a time limit on the whole
 * exchange, and connections only to addresses the policy allows (checked on the address
 * resolved for the connection and again on the connected socket).
 */
export class HttpSender {
  private readonly policy: AddressPolicy;
  private readonly timeoutMs: number;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(policy: AddressPolicy, options: SenderOptions) {
    this.policy = policy;
    this.timeoutMs = options.timeoutMs;
    const agentOptions = {
      keepAlive: options.keepAlive ?? true,
      maxSockets: MAX_IN_FLIGHT,
      maxFreeSockets: 32,
      scheduling: 'lifo' as const,
      lookup: policy.lookup,
    };
    this.httpAgent = new http.Agent(agentOptions);
    this.httpsAgent = new https.Agent(agentOptions);
  }

  /** POSTs one delivery now. */
  async send(url: URL, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const prepared = await this.prepare(url, headers, body);
    prepared.fire();
    return prepared.outcome;
  }

  /**
   * Gets a delivery ready to go: the address checked and a connection open (or reused), the
   * request not yet written. `fire` then writes it to the connection at once, in the caller's
   * turn of the event loop (push records its claim and sends in one step: 0026). Settles when
   * the connection is ready or the attempt failed already (then `fire` does nothing).
   */
  prepare(url: URL, headers: Record<string, string>, body: string): Promise<PreparedSend> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Literal addresses are never looked up, so the policy sees them here.
    const literalRefusal = isIP(host) !== 0 ? this.policy.refusal(host) : undefined;
    if (literalRefusal !== undefined) {
      return Promise.resolve(failed({ error: `refused: ${literalRefusal}`, durationMs: 0 }));
    }
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') {
      return Promise.resolve(
        failed({ error: `refused: ${url.protocol} is not http or https`, durationMs: 0 }),
      );
    }
    return new Promise((ready) => {
      let settled = false;
      let fired = false;
      let resolveOutcome: (outcome: SendOutcome) => void = () => undefined;
      const outcome = new Promise<SendOutcome>((resolve) => (resolveOutcome = resolve));
      const finish = (result: Omit<SendOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolveOutcome({ ...result, durationMs: elapsed() });
        // Failed before it was ready: the caller learns it now.
        if (!fired) ready({ fire: () => undefined, cancel: () => undefined, outcome });
      };
      const request = (secure ? https : http).request({
        method: 'POST',
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: url.pathname + url.search,
        agent: secure ? this.httpsAgent : this.httpAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'TelemetryCloud-Push/1',
          ...headers,
        },
      });
      const timer = setTimeout(() => {
        request.destroy();
        finish({ error: `no answer within ${formatSeconds(this.timeoutMs)}` });
      }, this.timeoutMs);
      const connected = () =>
        ready({
          fire: () => {
            if (fired || settled) return;
            fired = true;
            // Written to the connection here and now (Node writes a request's end at once).
            request.end(body);
          },
          cancel: () => {
            if (fired || settled) return;
            settled = true;
            clearTimeout(timer);
            request.destroy();
            resolveOutcome({ error: 'not sent', durationMs: elapsed() });
          },
          outcome,
        });
      request.on('socket', (socket: Socket) => {
        if (!socket.connecting) {
          connected();
          return;
        }
        socket.once('connect', () => {
          const reason = socket.remoteAddress && this.policy.refusal(socket.remoteAddress);
          if (reason) request.destroy(new RefusedAddressError(`refused: ${reason}`));
          else connected();
        });
      });
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const done = () =>
          finish(
            status >= 200 && status < 300 ? { status } : { status, error: answerError(status) },
          );
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // The status is all we need; a receiver that keeps talking is cut off.
          if (read > MAX_ANSWER_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('close', done);
      });
      request.on('error', (error: NodeJS.ErrnoException) => finish({ error: describe(error) }));
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function answerError(status: number): string {
  if (status >= 300 && status < 400)
    return `the receiver answered ${status}; redirects are not followed`;
  return `the receiver answered ${status}`;
}

const errorTexts: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the receiver closed the connection',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
};

/** Node's error messages carry host and port at most; they never see the secret. */
function describe(error: NodeJS.ErrnoException): string {
  if (error instanceof RefusedAddressError) return error.message;
  return (error.code && errorTexts[error.code]) ?? error.message;
}
