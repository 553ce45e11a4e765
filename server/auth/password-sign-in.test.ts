import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite/store.ts';
import type { User } from '../store/users.ts';
import { FailureThrottle } from './throttle.ts';
import {
  PasswordSignIn,
  PER_ADDRESS,
  PER_NAME_AND_ADDRESS,
  throttleKeys,
} from './password-sign-in.ts';
import { PasswordQueueFull } from './password-queue.ts';
import { hashPassword, needsRehash, STRONG_SCRYPT, TEST_SCRYPT } from './passwords.ts';

const HOME = '127.0.0.3';
const STRANGER = '127.0.0.2';

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
    if (password === 'busy') throw new PasswordQueueFull();
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
    expect(await signIn.attempt('ada', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
    expect(await signIn.attempt('ada', 'wrong', HOME)).toEqual({ outcome: 'wrong' });
  });

  it('checks an unknown name against a decoy, so it costs what a wrong password costs', async () => {
    const { signIn, checked } = await setUp();
    expect(await signIn.attempt('nobody', 'right', HOME)).toEqual({ outcome: 'wrong' });
    expect(checked).toEqual(['ada']);
  });
});

describe('throttle keys', () => {
  it('count a name at an address, and the address; IPv4-mapped is IPv4, IPv6 counts per /64', () => {
    expect(throttleKeys('ada', '::ffff:127.0.0.2')).toEqual({
      nameAtAddress: 'user:ada@127.0.0.2',
      address: 'address:127.0.0.2',
      knownGood: 'good:ada@127.0.0.2',
    });
    expect(throttleKeys('ada', '2001:db8:1:2:3:4:5:6')).toEqual(
      throttleKeys('ada', '2001:db8:1:2::9'),
    );
    expect(throttleKeys('ada', '2001:db8:1:2::9').address).toBe('address:2001:db8:1:2::/64');
    expect(throttleKeys('ada', '2001:db8:1:3::9')).not.toEqual(
      throttleKeys('ada', '2001:db8:1:2::9'),
    );
  });
});

describe('a stranger cannot lock anyone out', () => {
  it('guesses at a name from one address leave its owner at another address alone', async () => {
    const { signIn } = await setUp();
    for (let i = 0; i < PER_NAME_AND_ADDRESS; i++) {
      expect(await signIn.attempt('ada', `guess-${i}`, STRANGER)).toEqual({ outcome: 'wrong' });
    }
    expect(await signIn.attempt('ada', 'right', STRANGER)).toMatchObject({ outcome: 'throttled' });
    expect(await signIn.attempt('ada', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
  });

  it('one address trying many names is refused after PER_ADDRESS failures; others are not', async () => {
    const { signIn } = await setUp();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect(await signIn.attempt(`name-${i}`, 'x', STRANGER)).toEqual({ outcome: 'wrong' });
    }
    expect(await signIn.attempt('ada', 'right', STRANGER)).toMatchObject({
      outcome: 'throttled',
      message: expect.stringMatching(/^Too many failed sign-ins; try again in \d+ s\.$/),
    });
    expect(await signIn.attempt('ada', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
  });

  it('a full password queue answers at once, without counting a failure', async () => {
    const { signIn } = await setUp();
    for (let i = 0; i < PER_NAME_AND_ADDRESS + 2; i++) {
      expect(await signIn.attempt('ada', 'busy', HOME)).toEqual({
        outcome: 'throttled',
        retryAfter: 1,
        message: 'Too many sign-ins are being checked at once; try again in a second.',
        busy: true,
      });
    }
    expect(await signIn.attempt('ada', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
  });
});

describe('hashes of a memory-heavier setting', () => {
  it('are replaced at the next good sign-in by STRONG_SCRYPT’s, which still verifies; a lighter one stays', async () => {
    const { users, signInFailures } = openSqliteStore(':memory:');
    // N·r above STRONG_SCRYPT's, as the N=2^17 hashes of earlier versions (smaller, to stay quick).
    const heavy = await hashPassword('right', { N: 32_768, r: 8, p: 1 });
    const light = await hashPassword('right', TEST_SCRYPT);
    const create = (username: string, passwordHash: string) =>
      users.create({
        username,
        name: username,
        email: `${username}@x.test`,
        tenant: 'demo',
        passwordHash,
        now: 0,
      });
    await create('old', heavy);
    await create('test', light);
    const signIn = new PasswordSignIn(users, new FailureThrottle(signInFailures));
    expect(needsRehash(heavy)).toBe(true);
    expect(needsRehash(light)).toBe(false);

    expect(await signIn.attempt('old', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
    const upgraded = (await users.findByUsername('old'))?.passwordHash ?? '';
    const { N, r, p } = STRONG_SCRYPT;
    expect(upgraded.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await signIn.attempt('old', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
    expect(await signIn.attempt('old', 'wrong', HOME)).toEqual({ outcome: 'wrong' });

    expect(await signIn.attempt('test', 'right', HOME)).toMatchObject({ outcome: 'signed-in' });
    expect((await users.findByUsername('test'))?.passwordHash).toBe(light);
  });
});
