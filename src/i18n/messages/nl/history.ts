import type { history as en } from '../en/history.ts';

export const history: Record<keyof typeof en, string> = {
  'history.loading': 'Geschiedenis laden',
  'history.channelNotLoaded': 'Dit kanaal kon niet worden geladen',
  'history.channelDetails': 'Kanaalgegevens',
  'history.invalidRange': 'Deze link noemt geen geldige periode',
  'history.noAccess.title': 'Geschiedenis is voor jou niet beschikbaar',
  'history.noAccess.why':
    'Je mag deze geschiedenis niet lezen: {reason}. Metingen, routes en exports kunnen niet worden getoond.',
  'history.noAccess.ask':
    'Vraag een beheerder van je tenant om een rol met toegang tot geschiedenis. Wat je mag doen staat op de pagina Rechten.',
  'export.csv': 'CSV exporteren',
  'export.json': 'JSON exporteren',
  'export.geojson': 'GeoJSON exporteren (posities)',
  'export.group': 'De hele periode exporteren',
  'export.cancel': 'Export annuleren',
  'export.written': 'Export geschreven',
  'export.progress':
    'Dag {done, number} van {total, number} schrijven, {items, plural, one {# bericht} other {# berichten}}',
  'export.failed': 'Het exporteren is mislukt.',
  'export.zone': 'Tijden in de CSV',
  'export.zone.local': '{zone} (zoals op deze pagina)',
  'export.zone.utc': 'UTC',
  'range.1h': 'Afgelopen uur',
  'range.24h': 'Afgelopen 24 uur',
  'range.7d': 'Afgelopen 7 dagen',
  'range.30d': 'Afgelopen 30 dagen',
  'range.notInstant': '"{text}" is geen datum en tijd.',
  'range.endsBeforeStart': 'De periode eindigt voordat hij begint.',
  'range.incomplete': 'De periode is onvolledig.',
  'range.bothFields': 'Vul in beide velden een datum en tijd in, zoals {example}.',
  'range.mustEndAfter': 'De periode moet eindigen nadat hij begint.',
  'range.custom': 'Eigen periode',
  'range.from': 'Van',
  'range.to': 'Tot',
  'range.show': 'Periode tonen',
  'range.presets': 'Vaste periodes',
  'range.summary':
    '{duration} in {requests, plural, one {# verzoek} other {# verzoeken}} van hooguit een dag · tijden in {zone}',
};
