import type pg from 'pg';
import type { ExclusiveWork, Store } from '../store.ts';
import {
  createPool,
  holdingLock,
  LOCKS,
  migrate,
  PgScope,
  schemaVersion,
  transaction,
  type PgOptions,
} from './database.ts';
import { Partitions } from './partitions.ts';
import { SqlChannelStore } from '../sql/channels.ts';
import { SqlGroupStore } from '../sql/groups.ts';
import { SqlUserStore } from '../sql/users.ts';
import { PgReadingStore } from './readings.ts';
import { SqlGatewayKeyStore } from '../sql/gateway-keys.ts';
import { SqlPushTargetStore } from '../sql/push-targets.ts';
import { SqlDeliveryLogStore } from '../sql/delivery-log.ts';
import { SqlPushInboxStore } from '../sql/push-inboxes.ts';
import { SqlOidcModelStore } from '../sql/oidc-models.ts';
import { SqlExternalIdentityStore } from '../sql/external-identities.ts';
import { SqlSignInFailureStore } from '../sql/sign-in-failures.ts';
import { SqlSharedSecretStore } from '../sql/shared-secrets.ts';
import { PgPositionStore } from './positions.ts';
import { SqlPermissionSetGroupStore } from '../sql/permission-set-groups.ts';
import { PgEventLogStore } from './event-log.ts';
import { SqlLeaseStore } from '../sql/leases.ts';
import { SqlAuditStore } from '../sql/audit.ts';
import { SqlPeopleStore } from '../sql/people.ts';
import { SqlAlarmStore } from '../sql/alarms.ts';

/**
 * The shared store: PostgreSQL 15 or newer, a pool of connections per instance, any number of
 * instances (docs/decisions/0018-storage.md, "Storage").
 */
export class PgStore implements Store {
  readonly engine = 'postgres';
  readonly pool: pg.Pool;
  /** Where it connects: the event bus opens a listening connection of its own there. */
  readonly url: string;
  readonly partitions: Partitions;
  readonly channels;
  readonly groups;
  readonly users;
  readonly readings;
  readonly gatewayKeys;
  readonly pushTargets;
  readonly deliveryLog;
  readonly pushInboxes;
  readonly oidcModels;
  readonly externalIdentities;
  readonly signInFailures;
  readonly eventLog;
  readonly leases;
  readonly audit;
  readonly people;
  readonly alarms;
  readonly sharedSecrets;
  readonly keyCheck;
  readonly positions;
  readonly permissionSetGroups;
  private readonly scope: PgScope;

  constructor(
    pool: pg.Pool,
    url: string,
    partitions: Partitions,
    scope = new PgScope(pool, false),
  ) {
    this.pool = pool;
    this.url = url;
    this.partitions = partitions;
    this.scope = scope;
    this.channels = new SqlChannelStore(scope);
    this.groups = new SqlGroupStore(scope);
    this.users = new SqlUserStore(scope);
    this.readings = new PgReadingStore(scope, partitions);
    this.gatewayKeys = new SqlGatewayKeyStore(scope);
    this.pushTargets = new SqlPushTargetStore(scope);
    this.deliveryLog = new SqlDeliveryLogStore(scope);
    this.pushInboxes = new SqlPushInboxStore(scope);
    this.oidcModels = new SqlOidcModelStore(scope);
    this.externalIdentities = new SqlExternalIdentityStore(scope);
    this.positions = new PgPositionStore(scope);
    this.signInFailures = new SqlSignInFailureStore(scope);
    this.eventLog = new PgEventLogStore(scope);
    this.leases = new SqlLeaseStore(scope);
    this.audit = new SqlAuditStore(scope);
    this.people = new SqlPeopleStore(scope);
    this.alarms = new SqlAlarmStore(scope);
    this.sharedSecrets = new SqlSharedSecretStore(scope);
    this.keyCheck = this.sharedSecrets;
    this.permissionSetGroups = new SqlPermissionSetGroupStore(scope);
  }

  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.scope.inTransaction) return work(this);
    return transaction(this.pool, (client) =>
      work(new PgStore(this.pool, this.url, this.partitions, new PgScope(client, true))),
    );
  }

  exclusively<T>(name: ExclusiveWork, work: () => Promise<T>): Promise<T> {
    return holdingLock(this.url, LOCKS[name], work);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async notReady(): Promise<string | undefined> {
    const { at, needed } = await schemaVersion(this.pool);
    return at === needed
      ? undefined
      : `The database schema is at version ${at}; this cloud needs ${needed}.`;
  }

  connections() {
    return {
      open: this.pool.totalCount,
      idle: this.pool.idleCount,
      waiting: this.pool.waitingCount,
    };
  }

  async close(): Promise<void> {
    if (!this.scope.inTransaction && !this.pool.ended) await this.pool.end();
  }
}

/** Connects and brings the schema up to date (once, whoever starts first). */
export async function openPgStore(options: PgOptions): Promise<PgStore> {
  const pool = createPool(options);
  try {
    await migrate(pool);
    return new PgStore(pool, options.url, new Partitions());
  } catch (error) {
    await pool.end();
    throw error;
  }
}
