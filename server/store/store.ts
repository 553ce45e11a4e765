import type { ChannelStore } from './channels.ts';
import type { GroupStore } from './groups.ts';
import type { UserStore } from './users.ts';
import type { ReadingStore } from './readings.ts';
import type { GatewayKeyStore } from './gateway-keys.ts';
import type { PushTargetStore } from './push-targets.ts';
import type { DeliveryLogStore } from './delivery-log.ts';
import type { PushInboxStore } from './push-inboxes.ts';
import type { OidcModelStore } from './oidc-models.ts';
import type { ExternalIdentityStore } from './external-identities.ts';
import type { PositionStore } from './positions.ts';
import type { PermissionSetGroupStore } from './permission-set-groups.ts';
import type { SignInFailureStore } from './sign-in-failures.ts';
import type { SharedSecretStore } from './shared-secrets.ts';
import type { EventLogStore } from './event-log.ts';
import type { LeaseStore } from './leases.ts';
import type { AuditStore } from './audit.ts';
import type { PeopleStore } from './people.ts';
import type { AlarmStore } from './alarms.ts';

export type Engine = 'sqlite' | 'postgres';

/** Work that must never run in two instances at once: seeding an empty database. */
export type ExclusiveWork = 'demo-seed';

/**
 * The one boundary between the cloud and its database (docs/decisions/0018-storage.md, "Storage"). Every
 * method answers typed domain values (rows are mapped here, once) and returns a Promise, so the
 * embedded SQLite store and the PostgreSQL store are interchangeable.
 */
export interface Store {
  readonly engine: Engine;
  readonly channels: ChannelStore;
  readonly groups: GroupStore;
  readonly users: UserStore;
  readonly readings: ReadingStore;
  readonly gatewayKeys: GatewayKeyStore;
  readonly pushTargets: PushTargetStore;
  readonly deliveryLog: DeliveryLogStore;
  readonly pushInboxes: PushInboxStore;
  readonly oidcModels: OidcModelStore;
  readonly externalIdentities: ExternalIdentityStore;
  readonly positions: PositionStore;
  readonly permissionSetGroups: PermissionSetGroupStore;
  readonly signInFailures: SignInFailureStore;
  readonly eventLog: EventLogStore;
  readonly leases: LeaseStore;
  readonly audit: AuditStore;
  readonly people: PeopleStore;
  readonly alarms: AlarmStore;
  /** Null for a store that serves one instance: its keys stay in DATA_DIR. */
  readonly sharedSecrets: SharedSecretStore | null;
  /**
   * Where the sealed check value of the secrets key is kept, on both engines
   * (server/secrets/key-check.ts): the database's own, so a copy of it goes with it.
   */
  readonly keyCheck: SharedSecretStore;
  /**
   * Runs `work` in one transaction: all of it lands, or none of it. `work` uses the store it is
   * given (`tx`), never this one: on PostgreSQL that is the connection the transaction holds, on
   * SQLite other callers wait until it ends. Inside a transaction, `transaction` joins it.
   */
  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while this instance alone holds the database-wide lock `name`: another instance
   * (or caller) asking for it waits until the work ends. On PostgreSQL an advisory lock on a
   * connection of its own, let go when the work ends or the instance dies; SQLite serves one
   * instance, whose callers take turns.
   */
  exclusively<T>(name: ExclusiveWork, work: () => Promise<T>): Promise<T>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  /** Why the store cannot serve yet (unreachable, schema not this cloud's), or undefined. */
  notReady(): Promise<string | undefined>;
  /** Connections held open, of which idle, and callers waiting for one (for /metrics). */
  connections(): { open: number; idle: number; waiting: number };
  close(): Promise<void>;
}
