import { before, type Claim, type Position } from '../store/leases.ts';

/**
 * Writes push's claims (docs/decisions/0026-push-exactly-once.md): before a delivery is sent,
 * the position of its last event is recorded for its channel, so that a new holder of the lease
 * never sends that event again. Claims asked for in the same turn of the event loop go as one
 * write (at interval 0 many deliveries start at once), and each caller waits for the write that
 * carries its claim.
 */
export class ClaimWriter {
  private readonly write: (claims: readonly Claim[]) => Promise<void>;
  private pending = new Map<number, Position>();
  private written: Promise<void> | undefined;

  constructor(write: (claims: readonly Claim[]) => Promise<void>) {
    this.write = write;
  }

  claim(key: number, position: Position): Promise<void> {
    const known = this.pending.get(key);
    if (!known || before(known, position)) this.pending.set(key, position);
    this.written ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const claims = [...this.pending].map(([k, p]) => ({ key: k, ...p }));
      this.pending = new Map();
      this.written = undefined;
      return this.write(claims);
    });
    return this.written;
  }
}
