import type { channel as en } from '../en/channel.ts';

export const channel: Record<keyof typeof en, string> = {
  'channel.loading': 'Kanaal laden',
  'channel.notLoaded': 'Dit kanaal kon niet worden geladen',
  'channel.notRefreshed': 'Dit kanaal kon niet worden vernieuwd',
  'daily.title': 'Dagoverzicht van {name}',
  'daily.settings': 'Instellingen',
  'daily.summary': 'Dagoverzicht',
  'daily.history': 'Geschiedenis',
  'properties.none': 'Dit kanaal heeft geen eigenschappen.',
  'properties.table': 'Eigenschappen',
  'properties.key': 'Sleutel',
  'properties.value': 'Waarde',
  'push.verify.intro':
    'Leveringen zijn ondertekend zoals de Standard Webhooks-specificatie voorschrijft. Controleer de onbewerkte inhoud voordat je die vertrouwt:',
  'push.verify.kind': 'Soort geheim',
  'push.verify.whsec': 'whsec_-geheim',
  'push.verify.other': 'Ander geheim',
};
