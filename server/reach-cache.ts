import type { ChannelType } from '../contract/channel.ts';
import type { ChannelStore, ChannelSummary } from './store/channels.ts';
import type { Store } from './store/store.ts';
import type { Grant, User, UserStore } from './store/users.ts';
import { keepAtMost } from './bounded-map.ts';

/** Callers whose listings are kept at most; past it the oldest goes. */
const MAX_ENTRIES = 1_000;

/** What the channel store answers without changing anything: every other method is a change. */
const CHANNEL_READS = new Set<string>([
  'findByUuid',
  'findById',
  'namesOf',
  'isReachable',
  'listReachable',
  'findCommissioned',
  'findCommissionedMany',
  'findSensor',
  'sensorsOf',
]);
const GROUP_READS = new Set<string>(['listMembers', 'nameTaken', 'activeGroupsOf']);
const ROLE_GROUP_READS = new Set<string>(['findGroups', 'list']);
/**
 * What the user store answers without changing anything: every other method (a user made or
 * changed, their permission sets, a set's grants) is a change. Reach depends on the sets a user
 * holds (a set may name groups), and the kept users with their grants (`userWithGrants`) on all
 * of it; a write added later counts as a change by default.
 */
const USER_READS = new Set<string>([
  'findByUsername',
  'findAnyWithPassword',
  'findById',
  'findBySub',
  'count',
  'grantsOf',
  // A write, but of nothing reach or grants depend on: a sign-in must not clear every kept answer.
  'recordSignIn',
]);

/**
 * How long a kept answer is used at most. Writes this instance makes clear the cache at once; this
 * bounds how long one made around it (the permission-sets command in another process, SQL by
 * hand) goes unseen, at one reach query per caller every few seconds.
 */
const REACH_KEPT_MS = 10_000;

/**
 * The channels each caller reaches (ChannelStore.listReachable), computed once and kept until
 * something that could change a listing changes: a channel created, commissioned, changed or
 * decommissioned, a grant, a group's membership, the groups a permission set names or who holds
 * the set (docs/decisions/0051-reach-cache.md). It sits
 * above the store, so it works on both engines, and learns of changes by watching the store's
 * writes (`watch`): any method of the channel or group store that is not a known read counts as
 * a change, so a write added later invalidates by default. Inside a transaction the cache is
 * cleared when the write is made and again when the transaction ends, so a read that ran
 * meanwhile and saw the old rows is not kept.
 *
 * Several instances (PostgreSQL): each announces the changes it commits on the event bus and
 * forgets what it kept when another announces one (services.ts); while it cannot hear the others
 * (its listening connection is down) it keeps nothing.
 */
export class ReachCache {
  private generation = 0;
  private readonly entries = new Map<string, readonly ChannelSummary[]>();
  /** What callers made of their reach (a listing's text), kept and forgotten with it. */
  private readonly made = new Map<string, unknown>();
  /** When the entries were first kept: all go REACH_KEPT_MS later. */
  private keptSince = 0;
  /**
   * Sensors seen already, by uuid (never reused, unlike an id a rolled-back insert gave back):
   * ingestion "ensures" its sensors with every batch, most of them old.
   */
  private readonly knownSensors = new Set<string>();

  private readonly channels: Pick<ChannelStore, 'listReachable'>;
  private readonly on: () => boolean;

  /**
   * `enabled` false, or a function answering false: every call goes to the store (the plain
   * approach of a benchmark; an instance that cannot hear the others' changes now).
   */
  constructor(
    channels: Pick<ChannelStore, 'listReachable'>,
    enabled: boolean | (() => boolean) = true,
  ) {
    this.channels = channels;
    this.on = typeof enabled === 'function' ? enabled : () => enabled;
  }

  /** listReachable, from the cache when nothing changed since it was read. */
  async listReachable(userId: number, type?: ChannelType): Promise<readonly ChannelSummary[]> {
    if (!this.on()) return this.channels.listReachable(userId, type);
    this.expire();
    const key = `${userId}:${type ?? ''}`;
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const rows = Object.freeze(await this.channels.listReachable(userId, type));
    // A change while the query ran may or may not be in its rows: keep only a clean answer.
    if (generation === this.generation) {
      keepAtMost(this.entries, key, rows, MAX_ENTRIES);
    }
    return rows;
  }

  /**
   * `make` applied to the caller's reach, kept under `key` (which must name everything else the
   * answer depends on: the caller's permissions, a filter) until reach changes.
   */
  async derived<T>(
    userId: number,
    type: ChannelType | undefined,
    key: string,
    make: (rows: readonly ChannelSummary[]) => T,
  ): Promise<T> {
    this.expire();
    const full = `${userId}:${type ?? ''}:${key}`;
    if (this.made.has(full)) return this.made.get(full) as T;
    const generation = this.generation;
    const value = make(await this.listReachable(userId, type));
    this.keepMade(full, value, generation);
    return value;
  }

  /**
   * `make()` kept for the caller under `key` until reach changes, as `derived` is, for an answer
   * read from other queries than the listing (the nodes whose alarms a caller sees: reachable
   * nodes and group memberships). `make` may read only what a reach change announces: channels,
   * grants, memberships, permission sets; `key` names everything else it depends on.
   */
  kept<T>(userId: number, key: string, make: () => Promise<T>): Promise<T> {
    // Apart from derived's keys, which start with the user id.
    return this.keep(`kept:${userId}:${key}`, make);
  }

  /**
   * The user a token's subject names, with their grants, kept as reach is: any write of the user
   * store (a user, their permission sets, a set's grants) forgets it on this instance at once and
   * on the others when it is announced, and a change made around the cloud (SQL by hand) is seen
   * within REACH_KEPT_MS. Every request with a token needs both; on PostgreSQL reading them was
   * most of a kept listing's cost (docs/decisions/0162-token-user-and-grants-kept.md). Frozen:
   * requests share them.
   */
  userWithGrants(
    sub: string,
    users: Pick<UserStore, 'findBySub' | 'grantsOf'>,
  ): Promise<{ user: User; grants: readonly Grant[] } | undefined> {
    return this.keep(`user:${sub}`, async () => {
      const user = await users.findBySub(sub);
      if (user === undefined) return undefined;
      const grants = await users.grantsOf(user.id);
      return Object.freeze({ user: Object.freeze(user), grants: Object.freeze(grants) });
    });
  }

  private async keep<T>(full: string, make: () => Promise<T>): Promise<T> {
    this.expire();
    if (this.made.has(full)) return this.made.get(full) as T;
    const generation = this.generation;
    const value = await make();
    this.keepMade(full, value, generation);
    return value;
  }

  /** Keeps `value` only when on and nothing changed since `generation` (a clean answer). */
  private keepMade(key: string, value: unknown, generation: number): void {
    if (!this.on() || generation !== this.generation) return;
    keepAtMost(this.made, key, value, MAX_ENTRIES);
  }

  private expire(): void {
    const now = Date.now();
    if (now - this.keptSince < REACH_KEPT_MS) return;
    this.changed();
    this.keptSince = now;
  }

  /** Something that may alter reach or a listed record changed: forget every listing. */
  changed(): void {
    this.generation++;
    this.entries.clear();
    this.made.clear();
  }

  /** ensureSensors' answer: a change only when it holds a sensor not seen before. */
  sensorsEnsured(sensors: readonly { uuid: string }[]): boolean {
    let created = false;
    for (const sensor of sensors) {
      if (this.knownSensors.has(sensor.uuid)) continue;
      this.knownSensors.add(sensor.uuid);
      created = true;
    }
    if (created) this.changed();
    return created;
  }
}

/**
 * `store` with its channel, group, role-group and user writes (and transactions holding them),
 * reported to `cache`.
 * Reads pass through untouched.
 */
export function watchStore(store: Store, cache: ReachCache, announce = () => {}): Store {
  return watched(store, cache, () => cache.changed(), announce);
}

/** `onWrite` before and after each write; `announce` once it is committed (outside a transaction). */
function watched(
  store: Store,
  cache: ReachCache,
  onWrite: () => void,
  announce: () => void,
): Store {
  const done = () => {
    onWrite();
    announce();
  };
  const channels = watchMethods(store.channels, CHANNEL_READS, onWrite, (name, result) => {
    if (name !== 'ensureSensors' || cache.sensorsEnsured(result as { uuid: string }[])) done();
  });
  const groups = watchMethods(store.groups, GROUP_READS, onWrite, done);
  const roleGroups = watchMethods(store.permissionSetGroups, ROLE_GROUP_READS, onWrite, done);
  const users = watchMethods(store.users, USER_READS, onWrite, done);
  return new Proxy(store, {
    get(target, property) {
      if (property === 'channels') return channels;
      if (property === 'groups') return groups;
      if (property === 'permissionSetGroups') return roleGroups;
      if (property === 'users') return users;
      if (property === 'transaction') {
        return async <T>(work: (tx: Store) => Promise<T>): Promise<T> => {
          let wrote = false;
          try {
            return await target.transaction((tx) =>
              work(
                watched(
                  tx,
                  cache,
                  () => {
                    wrote = true;
                    cache.changed();
                  },
                  // The others are told once it is committed (below).
                  () => {},
                ),
              ),
            );
          } finally {
            // Committed or rolled back: a read that saw the rows before the commit is not kept.
            if (wrote) {
              cache.changed();
              announce();
            }
          }
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * `part` with every method outside `reads` reported: `before` when called (a change may land any
 * time from then on), `after` with its answer once it is made.
 */
function watchMethods<T extends object>(
  part: T,
  reads: Pick<ReadonlySet<string>, 'has'>,
  before: () => void,
  after: (name: string, result: unknown) => void,
): T {
  return new Proxy(part, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (typeof property !== 'string' || reads.has(property)) return method.bind(target);
      return async (...args: unknown[]) => {
        // ensureSensors mostly finds its sensors: it counts as a change only when it made one.
        if (property !== 'ensureSensors') before();
        const result = await method.apply(target, args);
        after(property, result);
        return result;
      };
    },
  });
}
