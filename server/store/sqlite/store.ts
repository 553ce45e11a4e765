import type { ExclusiveWork, Store } from '../store.ts';
import { openSqlite, SqliteScope, type SqliteDatabase } from './database.ts';
import { SqliteChannelStore } from './channels.ts';
import { SqliteGroupStore } from './groups.ts';
import { SqliteUserStore } from './users.ts';
import { SqliteReadingStore } from './readings.ts';
import { SqliteGatewayKeyStore } from './gateway-keys.ts';
import { SqlitePushTargetStore } from './push-targets.ts';
import { SqliteDeliveryLogStore } from './delivery-log.ts';
import { SqlitePushInboxStore } from './push-inboxes.ts';
import { SqliteOidcModelStore } from './oidc-models.ts';
import { SqliteExternalIdentityStore } from './external-identities.ts';
import { SqlitePositionStore } from './positions.ts';
import { SqlitePermissionSetGroupStore } from './permission-set-groups.ts';
import { SqliteSignInFailureStore } from './sign-in-failures.ts';
import { SqliteEventLogStore } from './event-log.ts';
import { SqliteLeaseStore } from './leases.ts';

/** The embedded store: node:sqlite, one connection, one instance (docs/decisions/0018-storage.md, "Storage"). */
export class SqliteStore implements Store {
  readonly engine = 'sqlite';
  readonly db: SqliteDatabase;
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
  readonly positions;
  readonly permissionSetGroups;
  readonly signInFailures;
  readonly eventLog;
  readonly leases;
  readonly sharedSecrets = null;
  private readonly scope: SqliteScope;
  /** The store a transaction's work gets; one at a time, so one is enough. */
  private inside: SqliteStore | undefined;
  /** The end of the queue of `exclusively`'s callers. */
  private turns: Promise<unknown> = Promise.resolve();

  constructor(db: SqliteDatabase, inTransaction = false) {
    this.db = db;
    const scope = new SqliteScope(db, inTransaction);
    this.scope = scope;
    this.channels = new SqliteChannelStore(scope);
    this.groups = new SqliteGroupStore(scope);
    this.users = new SqliteUserStore(scope);
    this.readings = new SqliteReadingStore(scope);
    this.gatewayKeys = new SqliteGatewayKeyStore(scope);
    this.pushTargets = new SqlitePushTargetStore(scope);
    this.deliveryLog = new SqliteDeliveryLogStore(scope);
    this.pushInboxes = new SqlitePushInboxStore(scope);
    this.oidcModels = new SqliteOidcModelStore(scope);
    this.externalIdentities = new SqliteExternalIdentityStore(scope);
    this.positions = new SqlitePositionStore(scope);
    this.permissionSetGroups = new SqlitePermissionSetGroupStore(scope);
    this.signInFailures = new SqliteSignInFailureStore(scope);
    this.eventLog = new SqliteEventLogStore(scope);
    this.leases = new SqliteLeaseStore(scope);
  }

  transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
    if (this.scope.inTransaction) return work(this);
    const tx = (this.inside ??= new SqliteStore(this.db, true));
    return this.db.transaction(() => work(tx));
  }

  exclusively<T>(_name: ExclusiveWork, work: () => Promise<T>): Promise<T> {
    const turn = this.turns.then(work);
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  ping(): Promise<void> {
    return this.scope.run(() => {
      this.db.prepare('SELECT 1').get();
    });
  }

  async notReady(): Promise<string | undefined> {
    await this.ping();
    return undefined;
  }

  connections() {
    const open = this.db.raw.isOpen ? 1 : 0;
    return { open, idle: this.db.busy ? 0 : open, waiting: this.db.waiting };
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

export function openSqliteStore(dataDir: string | ':memory:'): SqliteStore {
  return new SqliteStore(openSqlite(dataDir));
}
