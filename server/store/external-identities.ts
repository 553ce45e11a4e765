export interface ExternalIdentity {
  userId: number;
  /** Sign-in time (epoch seconds) of the token whose roles were applied last. */
  signedInAt: number;
  /** The permission sets those roles gave. */
  syncedSets: string[];
}

/** People of an outside identity provider and the accounts made for them. */
export interface ExternalIdentityStore {
  find(issuer: string, subject: string): Promise<ExternalIdentity | undefined>;
  save(issuer: string, subject: string, identity: ExternalIdentity): Promise<void>;
}
