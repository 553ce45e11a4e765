import type { ExclusiveWork, Store } from '../store.ts';
import { openSqlite, SqliteScope, type SqliteDatabase } from './database.ts';
import { SqlChannelStore } from '../sql/channels.ts';
import { SqlGroupStore } from '../sql/groups.ts';
import { SqlUserStore } from '../sql/users.ts';
import { SqliteReadingStore } from './readings.ts';
import { SqlGatewayKeyStore } from '../sql/gateway-keys.ts';
import { SqlPushTargetStore } from '../sql/push-targets.ts';
import { SqlDeliveryLogStore } from '../sql/delivery-log.ts';
import { SqlPushInboxStore } from '../sql/push-inboxes.ts';
import { SqlOidcModelStore } from '../sql/oidc-models.ts';
import { SqlExternalIdentityStore } from '../sql/external-identities.ts';
import { SqlitePositionStore } from './positions.ts';
import { SqlPermissionSetGroupStore } from '../sql/permission-set-groups.ts';
import { SqlSignInFailureStore } from '../sql/sign-in-failures.ts';
import { SqliteEventLogStore } from './event-log.ts';
import { SqlLeaseStore } from '../sql/leases.ts';
import { SqlAuditStore } from '../sql/audit.ts';
import { SqlPeopleStore } from '../sql/people.ts';
import { SqlAlarmStore } from '../sql/alarms.ts';
import { SqlSharedSecretStore } from '../sql/shared-secrets.ts';

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
  readonly audit;
  readonly people;
  readonly alarms;
  readonly sharedSecrets = null;
  readonly keyCheck;
  private readonly scope: SqliteScope;
  /** The store a transaction's work gets; one at a time, so one is enough. */
  private inside: SqliteStore | undefined;
  /** The end of the queue of `exclusively`'s callers. */
  private turns: Promise<unknown> = Promise.resolve();

  constructor(db: SqliteDatabase, inTransaction = false) {
    this.db = db;
    const scope = new SqliteScope(db, inTransaction);
    this.scope = scope;
    this.channels = new SqlChannelStore(scope);
    this.groups = new SqlGroupStore(scope);
    this.users = new SqlUserStore(scope);
    this.readings = new SqliteReadingStore(scope);
    this.gatewayKeys = new SqlGatewayKeyStore(scope);
    this.pushTargets = new SqlPushTargetStore(scope);
    this.deliveryLog = new SqlDeliveryLogStore(scope);
    this.pushInboxes = new SqlPushInboxStore(scope);
    this.oidcModels = new SqlOidcModelStore(scope);
    this.keyCheck = new SqlSharedSecretStore(scope);
    this.externalIdentities = new SqlExternalIdentityStore(scope);
    this.positions = new SqlitePositionStore(scope);
    this.permissionSetGroups = new SqlPermissionSetGroupStore(scope);
    this.signInFailures = new SqlSignInFailureStore(scope);
    this.eventLog = new SqliteEventLogStore(scope);
    this.leases = new SqlLeaseStore(scope);
    this.audit = new SqlAuditStore(scope);
    this.people = new SqlPeopleStore(scope);
    this.alarms = new SqlAlarmStore(scope);
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
