import type { history as en } from '../en/history.ts';

export const history: Record<keyof typeof en, string> = {
  'history.loading': 'Geschiedenis laden',
  'history.channelNotLoaded': 'Dit kanaal kon niet worden geladen',
  'history.unreachable.missingNamed': '{name} bestaat niet of je hebt er geen toegang toe',
  'history.unreachable.missingDescription':
    'Misschien is het verwijderd, of is je toegang beëindigd: de cloud antwoordt in beide gevallen hetzelfde, en opnieuw vragen verandert dat antwoord niet.',
  'history.unreachable.forbidden': 'Je mag dit kanaal niet zien',
  'history.unreachable.forbiddenNamed': 'Je mag {name} niet zien',
  'history.unreachable.forbiddenDescription':
    'Je rol staat het niet toe, en opnieuw vragen verandert dat niet. Een beheerder van de tenant kan je toegang geven.',
  'history.unreachable.goToFleet': 'Naar de vlootkaart',
  'history.dayShown': 'De route en stops van {day}',
  'history.showWholeRange': 'Hele periode tonen',
  'history.unreachable.historyGone':
    'Dit kanaal bestaat niet meer, of je hebt er geen toegang meer toe. Wat al binnen is blijft in beeld; opnieuw vragen zou op dezelfde manier worden geweigerd.',
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
