import type { User } from '../../server/store/users.ts';
import type { Store } from '../../server/store/store.ts';

/**
 * `count` more people in tenant demo for the benchmarks that list or explain people
 * (person-0 …), fleet and support by turns; `each` adds what a bench needs per person.
 */
export async function addBenchPeople(
  tx: Store,
  count: number,
  each: (person: User, i: number) => Promise<void> = async () => undefined,
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const person = await tx.users.create({
      username: `person-${i}`,
      name: `Person ${i}`,
      email: `person-${i}@bench.local`,
      tenant: 'demo',
      passwordHash: null,
      now: Date.now(),
    });
    await tx.users.setPermissionSets(person.id, [i % 2 === 0 ? 'demo-fleet' : 'demo-support']);
    await each(person, i);
  }
}
