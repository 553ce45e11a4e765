import type { User, UserStore } from '../store/users.ts';
import { verifyPassword } from './passwords.ts';
import type { FailureThrottle } from './throttle.ts';

export type SignInResult =
  | { outcome: 'signed-in'; user: User }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfter: number };

/**
 * A username and password, checked the same way wherever people type them (Basic, the login page,
 * the password-realm grant) and throttled per user by the one FailureThrottle they share, so that
 * switching between them does not buy a guesser more tries.
 */
export class PasswordSignIn {
  private readonly users: UserStore;
  private readonly throttle: FailureThrottle;
  private readonly matches: (password: string, user: User) => Promise<boolean>;

  constructor(
    users: UserStore,
    throttle: FailureThrottle,
    matches = (password: string, user: User) => verifyPassword(password, user.passwordHash ?? ''),
  ) {
    this.users = users;
    this.throttle = throttle;
    this.matches = matches;
  }

  async attempt(username: string, password: string): Promise<SignInResult> {
    const key = `user:${username}`;
    const retryAfter = await this.throttle.retryAfter(key);
    if (retryAfter > 0) return { outcome: 'throttled', retryAfter };
    const user = await this.users.findByUsername(username);
    if (user?.passwordHash) {
      if (await this.matches(password, user)) {
        await this.throttle.succeed(key);
        return { outcome: 'signed-in', user };
      }
    } else {
      // An unknown name costs the same scrypt as a wrong password, so timing does not tell
      // which accounts exist. The decoy's verdict is ignored.
      const decoy = await this.users.findAnyWithPassword();
      if (decoy) await this.matches(password, decoy);
    }
    await this.throttle.fail(key);
    return { outcome: 'wrong' };
  }
}

export const throttledMessage = (seconds: number) =>
  `Too many failed sign-ins; try again in ${seconds} s.`;
