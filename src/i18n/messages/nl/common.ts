import type { common as en } from '../en/common.ts';

export const common: Record<keyof typeof en, string> = {
  'common.loadingPage': 'Pagina laden',
  'common.retry': 'Opnieuw proberen',
  'common.none': 'Geen',
  'common.yes': 'Ja',
  'common.no': 'Nee',
  'common.cancel': 'Annuleren',
  'common.save': 'Opslaan',
  'common.close': 'Sluiten',
  'common.goToChannels': 'Naar kanalen',
  'duration.seconds': '{s, number} s',
  'duration.minutes': '{min, number} min',
  'duration.hours': '{h, number} u',
  'duration.hoursMinutes': '{h, number} u {min, number} min',
  'duration.days': '{d, plural, one {# dag} other {# dagen}}',
  'duration.daysHours': '{d, plural, one {# dag} other {# dagen}} {h, number} u',
  'ago.justNow': 'zojuist',
  'ago.minutes': '{min, number} min geleden',
  'ago.hours': '{h, number} u geleden',
  'ago.days': '{d, plural, one {# dag geleden} other {# dagen geleden}}',
};
