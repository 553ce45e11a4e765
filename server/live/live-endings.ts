import type { LiveEnd, LiveEndReason } from '../../contract/live.ts';

/** What the `end` event says for each reason a stream ends. */
export const endings: Record<LiveEndReason, Pick<LiveEnd, 'status' | 'message'>> = {
  'token-expired': {
    status: 'UNAUTHORIZED',
    message:
      'The access token has expired. Reconnect with a new token and Last-Event-ID to go on ' +
      'where this stream ended.',
  },
  'credentials-refused': {
    status: 'UNAUTHORIZED',
    message: 'The credentials of this stream are no longer accepted.',
  },
  'out-of-reach': {
    status: 'NOT_FOUND',
    message: 'The channel is no longer within your reach.',
  },
  forbidden: {
    status: 'FORBIDDEN',
    message: 'You may no longer read this history.',
  },
  'too-slow': {
    status: 'SERVICE_UNAVAILABLE',
    message:
      'The stream was ended because its client did not read it fast enough. Reconnect with ' +
      'Last-Event-ID: nothing is lost.',
  },
  shutdown: {
    status: 'SERVICE_UNAVAILABLE',
    message:
      'This instance of the cloud is stopping. Reconnect with Last-Event-ID: another instance ' +
      'goes on where this stream ended.',
  },
};
