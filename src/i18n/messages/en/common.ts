/** Words many pages share. */
export const common = {
  'common.loadingPage': 'Loading page',
  'common.retry': 'Retry',
  'common.none': 'None',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.close': 'Close',
  'common.goToChannels': 'Go to channels',
};
