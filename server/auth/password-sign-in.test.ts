import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/store.ts';
import type { User } from '../store/users.ts';
import { FailureThrottle } from './throttle.ts';
import { PasswordSignIn } from './password-sign-in.ts';

async function setUp() {
  const { users, signInFailures } = openSqliteStore(':memory:');
  await users.create({
    username: 'ada',
    name: 'Ada',
    email: 'ada@example.test',
    tenant: 'demo',
    passwordHash: 'stored-hash',
    now: 0,
  });
  const checked: string[] = [];
  const matches = async (password: string, user: User) => {
    checked.push(user.username);
    return password === 'right';
  };
  return {
    signIn: new PasswordSignIn(users, new FailureThrottle(signInFailures), matches),
    checked,
  };
}

describe('password sign-in', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const { signIn } = await setUp();
    expect(await signIn.attempt('ada', 'right')).toMatchObject({ outcome: 'signed-in' });
    expect(await signIn.attempt('ada', 'wrong')).toEqual({ outcome: 'wrong' });
  });

  it('checks an unknown name against a decoy, so it costs what a wrong password costs', async () => {
    const { signIn, checked } = await setUp();
    expect(await signIn.attempt('nobody', 'right')).toEqual({ outcome: 'wrong' });
    expect(checked).toEqual(['ada']);
  });
});
