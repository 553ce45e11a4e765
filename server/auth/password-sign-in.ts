import type { User, UserStore } from '../store/users.ts';
import { throttleAddress } from './client-address.ts';
import { hashQueued, PasswordQueueFull, verifyQueued } from './password-queue.ts';
import { needsRehash } from './passwords.ts';
import type { FailureThrottle } from './throttle.ts';
import { SignInRecorder } from './sign-in-record.ts';

export type SignInResult =
  | { outcome: 'signed-in'; user: User }
  | { outcome: 'wrong' }
  /**
   * Refused before the password was looked at; `message` says why, for a person (in English:
   * the login page words `busy`, too many checks at once, or too many failures, itself).
   */
  | { outcome: 'throttled'; retryAfter: number; message: string; busy?: true };

/** Failures of one name from one address within the throttle's window before it is refused. */
export const PER_NAME_AND_ADDRESS = 10;
/**
 * Failures from one address, whatever the names, within the window: enough for an office behind
 * one address to mistype, too few to try names or passwords in bulk.
 */
export const PER_ADDRESS = 30;

/** The throttle's keys for a sign-in: the name at the address, and the address alone. */
export function throttleKeys(username: string, ip: string) {
  const address = throttleAddress(ip);
  return {
    nameAtAddress: `user:${username}@${address}`,
    address: `address:${address}`,
    /** The name signed in from this address before: its owner, not a guesser trying names. */
    knownGood: `good:${username}@${address}`,
  };
}

/**
 * A username and password, checked the same way wherever people type them (Basic, the login page,
 * the password-realm grant) and throttled by the one FailureThrottle they share, so that switching
 * between them does not buy a guesser more tries. Failures count per (name, client address) and
 * per client address (OWASP ASVS 2.2.1): a stranger's guesses at a name never lock its owner out
 * of their own address, and one address cannot try names in bulk.
 */
export class PasswordSignIn {
  private readonly users: UserStore;
  private readonly throttle: FailureThrottle;
  private readonly matches: (password: string, user: User) => Promise<boolean>;
  private readonly recorder: SignInRecorder;

  constructor(
    users: UserStore,
    throttle: FailureThrottle,
    matches = (password: string, user: User) => verifyQueued(password, user.passwordHash ?? ''),
  ) {
    this.users = users;
    this.throttle = throttle;
    this.matches = matches;
    this.recorder = new SignInRecorder(users);
  }

  async attempt(username: string, password: string, ip: string): Promise<SignInResult> {
    const keys = throttleKeys(username, ip);
    let retryAfter = await this.throttle.retryAfter(keys.nameAtAddress, PER_NAME_AND_ADDRESS);
    if (retryAfter === 0) {
      // The address's limit stops one address trying names in bulk; a name that signed in from
      // this address before is its owner's, whose right password still passes there (issue 35:
      // a guesser must not lock out the office behind its address). Its own guesses stay
      // limited per (name, address).
      const forAddress = await this.throttle.retryAfter(keys.address, PER_ADDRESS);
      if (forAddress > 0 && !(await this.throttle.known(keys.knownGood))) retryAfter = forAddress;
    }
    if (retryAfter > 0) {
      return { outcome: 'throttled', retryAfter, message: throttledMessage(retryAfter) };
    }
    try {
      return await this.check(username, password, keys);
    } catch (error) {
      if (!(error instanceof PasswordQueueFull)) throw error;
      const message = 'Too many sign-ins are being checked at once; try again in a second.';
      return { outcome: 'throttled', retryAfter: 1, message, busy: true };
    }
  }

  private async check(
    username: string,
    password: string,
    keys: ReturnType<typeof throttleKeys>,
  ): Promise<SignInResult> {
    const user = await this.users.findByUsername(username);
    if (user?.passwordHash) {
      if (await this.matches(password, user)) {
        // The address's count stays: one account of one's own must not reset it.
        await this.throttle.succeed(keys.nameAtAddress);
        await this.throttle.remember(keys.knownGood);
        await this.upgrade(user, user.passwordHash, password);
        await this.recorder.record(user.id);
        return { outcome: 'signed-in', user };
      }
    } else {
      // An unknown name costs the same scrypt as a wrong password, so timing does not tell
      // which accounts exist. The decoy's verdict is ignored.
      const decoy = await this.users.findAnyWithPassword();
      if (decoy) await this.matches(password, decoy);
    }
    await this.throttle.fail(keys.nameAtAddress);
    await this.throttle.fail(keys.address);
    return { outcome: 'wrong' };
  }

  /** A hash of an earlier, memory-heavier setting is replaced while the password is at hand. */
  private async upgrade(user: User, stored: string, password: string): Promise<void> {
    if (!needsRehash(stored)) return;
    try {
      await this.users.setPasswordHash(user.id, await hashQueued(password));
    } catch (error) {
      // A full queue: the next sign-in upgrades it.
      if (!(error instanceof PasswordQueueFull)) throw error;
    }
  }
}

const throttledMessage = (seconds: number) =>
  `Too many failed sign-ins; try again in ${seconds} s.`;
