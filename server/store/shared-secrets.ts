import type { Api } from './sql/queries.ts';
import type { SqlSharedSecretStore } from './sql/shared-secrets.ts';
/**
 * Secrets every instance must hold alike (the identity provider's signing and cookie keys, the
 * demo gateways' keys the simulator delivers with), kept in the shared database. Only the
 * PostgreSQL store has them (SQLite keeps only the secrets key's check value there); a SQLite
 * cloud is one instance and keeps its keys in DATA_DIR.
 */
export type SharedSecretStore = Api<SqlSharedSecretStore>;
