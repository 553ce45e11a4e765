/** A token the API does not take; the message says why, for the person reading the 401. */
export class TokenRejected extends Error {}

/** The keys could not be fetched: the token may be fine, the cloud cannot tell now. */
export class KeysUnavailable extends Error {}
