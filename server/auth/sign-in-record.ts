import type { UserStore } from '../store/users.ts';

/** How often one account's sign-in is written at most, per instance. */
export const RECORD_EVERY_MS = 60_000;
const REMEMBERED_MAX = 10_000;

/**
 * Writes "last sign-in" for the accounts with a password here (docs/decisions/0177). Basic signs
 * in on every request, so a script polling once a second would otherwise write once a second: a
 * sign-in within a minute of the one written last, by this instance, is not written again.
 */
export class SignInRecorder {
  private readonly written = new Map<number, number>();
  private readonly users: Pick<UserStore, 'recordSignIn'>;
  private readonly now: () => number;

  constructor(users: Pick<UserStore, 'recordSignIn'>, now: () => number = Date.now) {
    this.users = users;
    this.now = now;
  }

  async record(userId: number): Promise<void> {
    const at = this.now();
    const last = this.written.get(userId);
    if (last !== undefined && at - last < RECORD_EVERY_MS) return;
    if (this.written.size >= REMEMBERED_MAX) this.written.clear();
    this.written.set(userId, at);
    await this.users.recordSignIn(userId, at);
  }
}
