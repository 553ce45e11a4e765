export interface ExternalIdentity {
  userId: number;
  /** Sign-in time (epoch seconds) of the token whose roles were applied last. */
  signedInAt: number;
  /** The permission sets those roles gave. */
  syncedSets: string[];
}
