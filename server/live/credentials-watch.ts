import type { LiveEndReason } from '../../contract/live.ts';
import type { CloudLogger } from '../cloud-logger.ts';
import type { StreamScope } from './stream-scope.ts';

export interface WatchOptions {
  /** When the credentials end (a bearer token's exp), by the wall clock. */
  expiresAt: number | undefined;
  /** Looks at credentials, reach and permission again: the scope now, or why not. */
  recheck: () => Promise<StreamScope | LiveEndReason>;
  recheckMs: number;
  logger: CloudLogger;
}

/** The stream a watch looks after (LiveStream). */
export interface WatchedStream {
  ended(): boolean;
  end(reason: LiveEndReason): void;
  /** A fleet stream's reach changed: it goes on with the scope now. */
  rescope(scope: StreamScope): void;
}

/**
 * A stream's credentials, watched: it ends at the token's expiry, and every `recheckMs` access
 * is looked at again (ended when gone; a fleet stream rescoped when its reach changed).
 */
export class CredentialsWatch {
  private readonly options: WatchOptions;
  private readonly stream: WatchedStream;
  private expiry: NodeJS.Timeout | undefined;
  private rechecking: NodeJS.Timeout | undefined;

  constructor(options: WatchOptions, stream: WatchedStream) {
    this.options = options;
    this.stream = stream;
  }

  start(): void {
    const { expiresAt, recheckMs } = this.options;
    if (expiresAt !== undefined) {
      // setTimeout takes at most 2^31 - 1 ms (24.8 days); tokens live far shorter.
      const wait = Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1);
      this.expiry = setTimeout(() => this.stream.end('token-expired'), wait);
    }
    const again = () => {
      void this.recheck().finally(() => {
        if (!this.stream.ended()) this.rechecking = setTimeout(again, recheckMs);
      });
    };
    this.rechecking = setTimeout(again, recheckMs);
  }

  stop(): void {
    clearTimeout(this.expiry);
    clearTimeout(this.rechecking);
  }

  private async recheck(): Promise<void> {
    try {
      const verdict = await this.options.recheck();
      if (this.stream.ended()) return;
      if (typeof verdict === 'string') this.stream.end(verdict);
      else if (verdict.kind === 'fleet') this.stream.rescope(verdict);
    } catch (error) {
      // The database or the identity provider did not answer: the stream goes on, and the next
      // look decides.
      this.options.logger.warn({ err: error }, 'live stream: access could not be checked again');
    }
  }
}
