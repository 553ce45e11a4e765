import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.ts';
import { openStore } from '../store/open-store.ts';
import type { ReachedGroup } from '../store/permission-set-groups.ts';
import type { Store } from '../store/store.ts';

export const usage = `npm run permission-sets -- [SET [GROUP…] | SET --none]

  (no arguments)     lists the permission sets (roles) and the groups each reaches
  SET GROUP…         makes SET reach exactly these groups (uuids, or names when unique)
  SET --none         makes SET reach no group

Whoever holds a set reaches its groups, their members and the members' sensors, from their
next request on; what they may do there is the set's grants (docs/sign-in.md, "Roles that reach groups").
Works on the database in DATA_DIR; the cloud may be running.`;

/** What `npm run permission-sets` does, for a store; answers what to print. */
export async function permissionSets(store: Store, args: readonly string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { none: { type: 'boolean' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help) return usage;
  const sets = store.permissionSetGroups;
  const [setName, ...refs] = positionals;
  if (setName === undefined) {
    return (await sets.list())
      .map((set) => {
        const groups = set.groups.map((g) => `    ${g.name} (${g.uuid}, tenant ${g.tenant})`);
        return (
          [`${set.name}: ${set.description || 'no description'}`, ...groups].join('\n') +
          (groups.length === 0 ? '\n    reaches no group of its own' : '')
        );
      })
      .join('\n');
  }
  if (refs.length === 0 && !values.none) {
    throw new Error(`Name the groups ${setName} reaches, or --none.\n\n${usage}`);
  }
  const groups: ReachedGroup[] = [];
  for (const ref of refs) {
    const found = await sets.findGroups(ref);
    const exact = found.filter((group) => group.uuid === ref.toLowerCase());
    const group = exact[0] ?? found[0];
    if (group === undefined) throw new Error(`No active group has the uuid or name "${ref}".`);
    if (exact.length === 0 && found.length > 1) {
      const uuids = found.map((each) => `${each.uuid} (tenant ${each.tenant})`).join(', ');
      throw new Error(`Several groups are named "${ref}": name one by its uuid: ${uuids}.`);
    }
    groups.push(group);
  }
  if (!(await setGroupsAudited(store, setName, groups))) {
    const known = (await sets.list()).map((set) => set.name).join(', ');
    throw new Error(`There is no permission set "${setName}" (there are: ${known}).`);
  }
  return groups.length === 0
    ? `${setName} reaches no group of its own now.`
    : `${setName} reaches ${groups.map((group) => group.name).join(', ')} now.`;
}

/** Who ran the command, as the audit trail names them: the account on the cloud's host. */
function operatorName(): string {
  return `${process.env.USER ?? process.env.LOGNAME ?? 'operator'} (npm run permission-sets)`;
}

/**
 * Changes the groups a set reaches with one audit entry per tenant whose groups it gains or
 * loses, in one transaction (docs/decisions/0070-audit-trail.md); false when there is no such set.
 */
async function setGroupsAudited(
  store: Store,
  setName: string,
  groups: readonly ReachedGroup[],
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const before = (await tx.permissionSetGroups.list()).find((set) => set.name === setName);
    if (!before) return false;
    await tx.permissionSetGroups.setGroups(
      setName,
      groups.map((group) => group.id),
    );
    const tenants = new Set([...before.groups, ...groups].map((group) => group.tenant));
    for (const tenant of [...tenants].sort()) {
      const names = (list: readonly ReachedGroup[]) =>
        list
          .filter((group) => group.tenant === tenant)
          .map((group) => group.name)
          .sort();
      const [was, now] = [names(before.groups), names(groups)];
      if (was.join('\n') === now.join('\n')) continue;
      await tx.audit.record({
        at: Date.now(),
        tenant,
        actorId: null,
        actor: operatorName(),
        origin: 'operator',
        kind: 'permission-set.groups',
        subject: setName,
        before: was,
        after: now,
      });
    }
    return true;
  });
}

async function main(): Promise<void> {
  const config = configFromEnv();
  const store = await openStore(config);
  try {
    console.log(await permissionSets(store, process.argv.slice(2)));
  } finally {
    await store.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
