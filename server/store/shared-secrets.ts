/**
 * Secrets every instance must hold alike (the identity provider's signing and cookie keys, the
 * demo gateways' keys the simulator delivers with), kept in the shared database. Only the
 * PostgreSQL store has them; a SQLite cloud is one instance and keeps its keys in DATA_DIR.
 */
export interface SharedSecretStore {
  /** The secret `name`; made with `make` and stored when there is none (the first one wins). */
  loadOrCreate(name: string, make: () => string): Promise<string>;
  read(name: string): Promise<string | undefined>;
  /** Stores `value` as the secret `name`, replacing any earlier one. */
  write(name: string, value: string): Promise<void>;
}
