import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.ts';
import type { User } from '../store/users.ts';
import type { ExternalIdpConfig } from './auth-config.ts';
import type { VerifiedClaims } from './token-verifier.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A claim by name, or by dotted path into objects (Keycloak's `realm_access.roles`). */
function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const key of path.split('.')) value = isRecord(value) ? value[key] : undefined;
  return value;
}

/**
 * The roles in a claim as providers send them: an array (Auth0, Keycloak, Entra ID), or one
 * string, comma-joined where the provider writes several values so (LemonLDAP::NG's multi-valued
 * attributes). Split on commas only and trimmed: "Fleet managers" stays one role (issue 21).
 */
function rolesIn(claims: Record<string, unknown>, path: string): string[] {
  const value = claimAt(claims, path);
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const roles = items.filter((item) => typeof item === 'string').map((item) => item.trim());
  return [...new Set(roles.filter(Boolean))];
}

/** What the roles claim of the caller's token held, and what none of it was mapped to. */
export interface RolesNote {
  claim: string;
  received: string[];
  /** Received roles that name no permission set (AUTH_EXTERNAL_ROLE_MAP). */
  unmapped: string[];
}

export interface AccountsLog {
  warn(message: string): void;
}

const MAX_LOGGED = 300;

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * Accounts of people who sign in with an outside identity provider (section 5.1.6): made at their
 * first sign-in, their roles synchronised at every sign-in after it.
 *
 * What counts as a sign-in: the API only sees access tokens, so a token whose sign-in time
 * (`auth_time`, else `iat`) is newer than the last one applied is a new sign-in. A directory
 * change therefore takes effect with the next token issued after it, and an old token cannot
 * bring back roles a newer one took away.
 */
export class ExternalAccounts {
  private readonly store: Store;
  private readonly config: ExternalIdpConfig;
  private readonly issuer: string;
  private readonly now: () => number;
  private readonly log: AccountsLog;

  constructor(
    store: Store,
    config: ExternalIdpConfig,
    issuer: string,
    now: () => number,
    log: AccountsLog,
  ) {
    this.store = store;
    this.config = config;
    this.issuer = issuer;
    this.now = now;
    this.log = log;
  }

  /** The roles the token carries and which of them map to nothing, for the person to read. */
  rolesNote(claims: VerifiedClaims): RolesNote {
    const received = rolesIn(claims, this.config.rolesClaim);
    const { roleMap } = this.config;
    return {
      claim: this.config.rolesClaim,
      received,
      unmapped: roleMap ? received.filter((role) => !roleMap[role]) : [],
    };
  }

  userOf(claims: VerifiedClaims): Promise<User | undefined> {
    const signedInAt = typeof claims.auth_time === 'number' ? claims.auth_time : claims.iat;
    const sets = this.permissionSetsOf(claims);
    return this.store.transaction(async (tx) => {
      const { users, externalIdentities } = tx;
      const known = await externalIdentities.find(this.issuer, claims.sub);
      if (!known) return this.firstSignIn(tx, claims, signedInAt, sets);
      if (signedInAt > known.signedInAt) {
        const dropped = known.syncedSets.filter((set) => !sets.includes(set));
        await users.removePermissionSets(known.userId, dropped);
        await users.addPermissionSets(known.userId, sets);
        const user = await users.findById(known.userId);
        if (user) await this.recordSets(tx, user, known.syncedSets, sets);
        if (user) await users.updateProfile(user.id, this.profile(claims, user));
        await externalIdentities.save(this.issuer, claims.sub, {
          userId: known.userId,
          signedInAt,
          syncedSets: sets,
        });
      }
      return users.findById(known.userId);
    });
  }

  /**
   * The audit entry of a change of the person's permission sets by the tenant's provider, in the
   * transaction that makes it; none when the roles are what they were.
   */
  private async recordSets(
    tx: Store,
    user: User,
    before: readonly string[],
    after: readonly string[],
  ): Promise<void> {
    const was = [...before].sort();
    const now = [...after].sort();
    if (was.join('\n') === now.join('\n')) return;
    await tx.audit.record({
      at: this.now(),
      tenant: user.tenant,
      actorId: null,
      actor: this.issuer,
      origin: 'tenant',
      kind: 'person.permission-sets',
      subject: user.username,
      before: was,
      after: now,
    });
  }

  /** The permission sets the token's roles stand for (section 2.4: permission sets are roles). */
  permissionSetsOf(claims: VerifiedClaims): string[] {
    const roles = rolesIn(claims, this.config.rolesClaim);
    const { roleMap } = this.config;
    const sets = roleMap ? roles.flatMap((role) => roleMap[role] ?? []) : roles;
    return [...new Set(sets)];
  }

  private async firstSignIn(
    tx: Store,
    claims: VerifiedClaims,
    signedInAt: number,
    sets: string[],
  ): Promise<User> {
    const user = await tx.users.create({
      username: await this.freeUsername(tx, claims),
      ...this.profile(claims),
      tenant: this.config.tenant,
      passwordHash: null,
      now: this.now(),
      // The userinfo `sub` is the provider's own, unless a local account already has it.
      sub: (await tx.users.findBySub(claims.sub)) ? randomUUID() : claims.sub,
    });
    await tx.users.addPermissionSets(user.id, sets);
    await this.recordSets(tx, user, [], sets);
    if (sets.length === 0) this.logNoRoles(user.username, claims);
    await tx.externalIdentities.save(this.issuer, claims.sub, {
      userId: user.id,
      signedInAt,
      syncedSets: sets,
    });
    return user;
  }

  /** Said once per person, at the first sign-in: the operator sees what the provider sent. */
  private logNoRoles(username: string, claims: VerifiedClaims): void {
    const claim = this.config.rolesClaim;
    const value = claimAt(claims, claim);
    const shown = value === undefined ? 'nothing' : JSON.stringify(value).slice(0, MAX_LOGGED);
    const fix = this.config.roleMap
      ? 'map its values to permission sets in AUTH_EXTERNAL_ROLE_MAP (value=set, comma-separated)'
      : 'name permission sets in it, or map its values with AUTH_EXTERNAL_ROLE_MAP';
    this.log.warn(
      `first sign-in of ${username} (${this.issuer}): the roles claim "${claim}" holds ${shown}, ` +
        `which grants no permission set; the account holds no permission until you ${fix}, or ` +
        'set AUTH_EXTERNAL_ROLES_CLAIM to the claim that holds the roles',
    );
  }

  private profile(claims: VerifiedClaims, current?: User) {
    const email = text(claims.email) ?? current?.email ?? '';
    const name = text(claims.name) ?? current?.name ?? text(claims.preferred_username) ?? email;
    return { name: name || claims.sub, email };
  }

  private async freeUsername(tx: Store, claims: VerifiedClaims): Promise<string> {
    const wanted = text(claims.preferred_username) ?? text(claims.nickname) ?? text(claims.email);
    const host = new URL(this.issuer).host;
    const candidates = wanted ? [wanted, `${wanted}@${host}`, claims.sub] : [claims.sub];
    for (const name of candidates) {
      if (!(await tx.users.findByUsername(name))) return name;
    }
    return randomUUID();
  }
}
