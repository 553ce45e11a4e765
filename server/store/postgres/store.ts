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
import { PgChannelStore } from './channels.ts';
import { PgGroupStore } from './groups.ts';
import { PgUserStore } from './users.ts';
import { PgReadingStore } from './readings.ts';
import { PgGatewayKeyStore } from './gateway-keys.ts';
import { PgPushTargetStore } from './push-targets.ts';
import { PgDeliveryLogStore } from './delivery-log.ts';
import { PgPushInboxStore } from './push-inboxes.ts';
import { PgOidcModelStore } from './oidc-models.ts';
import { PgExternalIdentityStore } from './external-identities.ts';
import { PgSignInFailureStore } from './sign-in-failures.ts';
import { PgSharedSecretStore } from './shared-secrets.ts';
import { PgPositionStore } from './positions.ts';
import { PgPermissionSetGroupStore } from './permission-set-groups.ts';
import { PgEventLogStore } from './event-log.ts';
import { PgLeaseStore } from './leases.ts';

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
  readonly sharedSecrets;
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
    this.channels = new PgChannelStore(scope);
    this.groups = new PgGroupStore(scope);
    this.users = new PgUserStore(scope);
    this.readings = new PgReadingStore(scope, partitions);
    this.gatewayKeys = new PgGatewayKeyStore(scope);
    this.pushTargets = new PgPushTargetStore(scope);
    this.deliveryLog = new PgDeliveryLogStore(scope);
    this.pushInboxes = new PgPushInboxStore(scope);
    this.oidcModels = new PgOidcModelStore(scope);
    this.externalIdentities = new PgExternalIdentityStore(scope);
    this.positions = new PgPositionStore(scope);
    this.signInFailures = new PgSignInFailureStore(scope);
    this.eventLog = new PgEventLogStore(scope);
    this.leases = new PgLeaseStore(scope);
    this.sharedSecrets = new PgSharedSecretStore(scope);
    this.permissionSetGroups = new PgPermissionSetGroupStore(scope);
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
