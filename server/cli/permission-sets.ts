import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.ts';
import { openDatabase, type Db } from '../store/db.ts';
import { PermissionSetGroupStore } from '../store/permission-set-groups.ts';

export const usage = `npm run permission-sets -- [SET [GROUP…] | SET --none]

  (no arguments)     lists the permission sets (roles) and the groups each reaches
  SET GROUP…         makes SET reach exactly these groups (uuids, or names when unique)
  SET --none         makes SET reach no group

Whoever holds a set reaches its groups, their members and the members' sensors, from their
next request on; what they may do there is the set's grants (README, "Roles that reach groups").
Works on the database in DATA_DIR; the cloud may be running.`;

/** What `npm run permission-sets` does, for a database; answers what to print. */
export function permissionSets(db: Db, args: readonly string[]): string {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { none: { type: 'boolean' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help) return usage;
  const store = new PermissionSetGroupStore(db);
  const [setName, ...refs] = positionals;
  if (setName === undefined) {
    return store
      .list()
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
  const groups = refs.map((ref) => {
    const found = store.findGroups(ref);
    if (found.length === 0) throw new Error(`No active group has the uuid or name "${ref}".`);
    const exact = found.filter((group) => group.uuid === ref.toLowerCase());
    if (exact.length === 0 && found.length > 1) {
      const uuids = found.map((group) => `${group.uuid} (tenant ${group.tenant})`).join(', ');
      throw new Error(`Several groups are named "${ref}": name one by its uuid: ${uuids}.`);
    }
    return (exact[0] ?? found[0]) as (typeof found)[number];
  });
  if (
    !store.setGroups(
      setName,
      groups.map((group) => group.id),
    )
  ) {
    const known = store
      .list()
      .map((set) => set.name)
      .join(', ');
    throw new Error(`There is no permission set "${setName}" (there are: ${known}).`);
  }
  return groups.length === 0
    ? `${setName} reaches no group of its own now.`
    : `${setName} reaches ${groups.map((group) => group.name).join(', ')} now.`;
}

function main(): void {
  const config = configFromEnv();
  const db = openDatabase(config.dataDir);
  try {
    console.log(permissionSets(db, process.argv.slice(2)));
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
