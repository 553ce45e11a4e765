import type { Api } from './sql/queries.ts';
import type { SqlUserStore } from './sql/users.ts';
import type { Operation } from '../../contract/userinfo.ts';

export interface User {
  id: number;
  /** The subject of tokens and of userinfo. */
  sub: string;
  username: string;
  name: string;
  email: string;
  tenant: string;
  /** scrypt hash (passwords.ts); null for people of an outside identity provider. */
  passwordHash: string | null;
}

export interface Grant {
  tenant: string;
  objectType: string;
  operation: Operation;
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  tenant: string;
  passwordHash: string | null;
  now: number;
  sub?: string;
}

export type UserStore = Api<SqlUserStore>;
