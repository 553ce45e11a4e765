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
};
