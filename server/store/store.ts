import { Repository, type Sql, type Engine } from './sql/queries.ts';
import type { ReadingStore } from './readings.ts';
import type { PositionStore } from './positions.ts';
import { SqlChannelStore } from './sql/channels.ts';
import { SqlGroupStore } from './sql/groups.ts';
import { SqlUserStore } from './sql/users.ts';
import { SqlGatewayKeyStore } from './sql/gateway-keys.ts';
import { SqlPushTargetStore } from './sql/push-targets.ts';
import { SqlDeliveryLogStore } from './sql/delivery-log.ts';
import { SqlPushInboxStore } from './sql/push-inboxes.ts';
import { SqlOidcModelStore } from './sql/oidc-models.ts';
import { SqlExternalIdentityStore } from './sql/external-identities.ts';
import { SqlPermissionSetGroupStore } from './sql/permission-set-groups.ts';
import { SqlSignInFailureStore } from './sql/sign-in-failures.ts';
import { SqlSharedSecretStore } from './sql/shared-secrets.ts';
import { SqlLeaseStore } from './sql/leases.ts';
import { SqlAuditStore } from './sql/audit.ts';
import { SqlPeopleStore } from './sql/people.ts';
import { SqlAlarmStore } from './sql/alarms.ts';
import { SqlEventLogStore } from './sql/event-log.ts';
import { SqlNotificationStore } from './sql/notifications.ts';

export type { Engine };

/** Work that must never run in two instances at once: seeding an empty database. */
export type ExclusiveWork = 'demo-seed';

/** What each engine writes itself (./sqlite/, ./postgres/): hot paths (decision 0032). */
export interface EngineStores {
  readings: ReadingStore;
  positions: PositionStore;
}

/**
 * The one boundary between the cloud and its database (docs/decisions/0018-storage.md, "Storage"). Every
 * method answers typed domain values (rows are mapped here, once) and returns a Promise, so the
 * embedded SQLite store and the PostgreSQL store are interchangeable. Every store written once
 * (./sql/, docs/decisions/0030-one-data-layer.md) is made here from the engine's scope; each
 * engine's class adds its own stores and the connection's life.
 */
export abstract class Store<S extends Sql = Sql> extends Repository<S> {
  abstract readonly engine: Engine;
  readonly channels = new SqlChannelStore(this.s);
  readonly groups = new SqlGroupStore(this.s);
  readonly users = new SqlUserStore(this.s);
  readonly gatewayKeys = new SqlGatewayKeyStore(this.s);
  readonly pushTargets = new SqlPushTargetStore(this.s);
  readonly deliveryLog = new SqlDeliveryLogStore(this.s);
  readonly pushInboxes = new SqlPushInboxStore(this.s);
  readonly oidcModels = new SqlOidcModelStore(this.s);
  readonly externalIdentities = new SqlExternalIdentityStore(this.s);
  readonly permissionSetGroups = new SqlPermissionSetGroupStore(this.s);
  readonly signInFailures = new SqlSignInFailureStore(this.s);
  readonly leases = new SqlLeaseStore(this.s);
  readonly audit = new SqlAuditStore(this.s);
  readonly people = new SqlPeopleStore(this.s);
  readonly alarms = new SqlAlarmStore(this.s);
  readonly eventLog = new SqlEventLogStore(this.s);
  readonly notifications = new SqlNotificationStore(this.s);
  /**
   * Where the sealed check value of the secrets key is kept, on both engines
   * (server/secrets/key-check.ts): the database's own, so a copy of it goes with it.
   */
  readonly keyCheck = new SqlSharedSecretStore(this.s);
  /** Null for a store that serves one instance (SQLite): its keys stay in DATA_DIR. */
  readonly sharedSecrets = this.s.engine === 'postgres' ? this.keyCheck : null;
  readonly readings: ReadingStore;
  readonly positions: PositionStore;

  constructor(scope: S, own: EngineStores) {
    super(scope);
    this.readings = own.readings;
    this.positions = own.positions;
  }

  /**
   * Runs `work` in one transaction: all of it lands, or none of it. `work` uses the store it is
   * given (`tx`), never this one: on PostgreSQL that is the connection the transaction holds, on
   * SQLite other callers wait until it ends. Inside a transaction, `transaction` joins it.
   */
  abstract transaction<T>(work: (tx: Store) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while this instance alone holds the database-wide lock `name`: another instance
   * (or caller) asking for it waits until the work ends. On PostgreSQL an advisory lock on a
   * connection of its own, let go when the work ends or the instance dies; SQLite serves one
   * instance, whose callers take turns.
   */
  abstract exclusively<T>(name: ExclusiveWork, work: () => Promise<T>): Promise<T>;
  /** Throws when the database cannot be reached. */
  abstract ping(): Promise<void>;
  /** Why the store cannot serve yet (unreachable, schema not this cloud's), or undefined. */
  abstract notReady(): Promise<string | undefined>;
  /**
   * Brings the query planner's statistics up to date after a great many writes (seeding): on
   * SQLite at once, which it otherwise does within a minute; PostgreSQL's autovacuum does it itself.
   */
  abstract optimize(): Promise<void>;
  /** Connections held open, of which idle, and callers waiting for one (for /metrics). */
  abstract connections(): { open: number; idle: number; waiting: number };
  abstract close(): Promise<void>;
}
