/** Bounds of push delivery (docs/decisions/0006-push-gateways-tokens.md, "Push"). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this many events in one delivery, and waiting per channel: one history request's worth. */
export const MAX_EVENTS_PER_DELIVERY = 10_000;
/** Waiting events across all channels; beyond it new events are dropped (and counted). */
export const MAX_PENDING_EVENTS = 200_000;
/** Deliveries in flight at once across all receivers; each channel has at most one. */
export const MAX_IN_FLIGHT = 256;
/** Bytes of a receiver's answer that are read; a longer answer is cut off (its status counts). */
export const MAX_ANSWER_BYTES = 65_536;
/** Entries kept per channel in the delivery log. */
export const DELIVERY_LOG_KEPT = 50;
/** Arrivals kept per push inbox. */
export const INBOX_ARRIVALS_KEPT = 50;
