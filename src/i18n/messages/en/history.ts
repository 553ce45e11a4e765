/** History pages: a channel over a range, its measurements, tracks and exports. */
export const history = {
  'history.loading': 'Loading history',
  'history.channelNotLoaded': 'This channel could not be loaded',
  'history.channelDetails': 'Channel details',
  'history.invalidRange': 'This link names no valid range',
  'history.noAccess.title': 'History is not available to you',
  'history.noAccess.why':
    'You may not read this history: {reason}. Measurements, tracks and exports cannot be shown.',
  'history.noAccess.ask':
    'Ask an administrator of your tenant for a role that includes history. What you may do is listed on the Permissions page.',
};
