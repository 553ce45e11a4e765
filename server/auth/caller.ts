import type { Operation } from '../../contract/userinfo.ts';
import type { Grant, User } from '../store/users.ts';
import { forbidden } from '../http/errors.ts';
import { refusal } from './access-decision.ts';

/** The signed-in user of a request, with the permissions of their permission sets. */
export class Caller {
  private readonly index = new Map<string, Set<Operation>>();
  readonly user: User;

  constructor(user: User, grants: readonly Grant[]) {
    this.user = user;
    for (const grant of grants) {
      const key = `${grant.tenant}:${grant.objectType}`;
      let operations = this.index.get(key);
      if (!operations) this.index.set(key, (operations = new Set()));
      operations.add(grant.operation);
    }
  }

  can(tenant: string, objectType: string, operation: Operation): boolean {
    return this.index.get(`${tenant}:${objectType}`)?.has(operation) ?? false;
  }

  /** Throws 403 naming what is missing, e.g. "needs UPDATE on groups in tenant demo". */
  require(tenant: string, objectType: string, operation: Operation, action: string): void {
    if (!this.can(tenant, objectType, operation)) {
      throw forbidden(refusal(action, { tenant, objectType, operation }));
    }
  }

  /** Tenants where the caller holds `operation` on `objectType`. */
  tenantsWith(objectType: string, operation: Operation): string[] {
    const tenants: string[] = [];
    for (const [key, operations] of this.index) {
      const [tenant, type] = splitKey(key);
      if (type === objectType && operations.has(operation)) tenants.push(tenant);
    }
    return tenants;
  }

  /** docs/decisions/0003-caller-profile.md, "Caller profile": `"<tenant>:<objectType>"` → operations. */
  permissions(): Record<string, Operation[]> {
    const order: Operation[] = ['READ', 'CREATE', 'UPDATE', 'DELETE', 'COMMISSION', 'EXECUTE'];
    return Object.fromEntries(
      [...this.index].map(([key, operations]) => [key, order.filter((op) => operations.has(op))]),
    );
  }
}

function splitKey(key: string): [string, string] {
  const at = key.indexOf(':');
  return [key.slice(0, at), key.slice(at + 1)];
}
