import type { ui as en } from '../en/ui.ts';

export const ui: Record<keyof typeof en, string> = {
  'apiError.unexpected.title': 'Er ging iets mis',
  'apiError.unexpected.detail': 'De console stuitte op een probleem dat hij niet verwachtte.',
  'apiError.waiting.title': 'De cloud heeft problemen',
  'apiError.waiting.change': '{words} Dit is niet gebeurd; wat je hebt ingevuld blijft hier staan.',
  'apiError.waiting.read': '{words} Deze pagina vraagt het vanzelf opnieuw.',
  'apiError.outage.title': 'De cloud is niet bereikbaar',
  'apiError.outage.change':
    'De cloud was niet bereikbaar, dus dit is niet gebeurd. Wat je hebt ingevuld blijft hier staan: probeer het opnieuw zodra de cloud terug is.',
  'apiError.outage.read':
    'De cloud was niet bereikbaar. Deze pagina vraagt het vanzelf opnieuw zodra hij antwoordt.',
  'apiError.forbidden': 'Geweigerd door de cloud',
  'apiError.notFound': 'Niet gevonden',
  'apiError.blocked': 'De browser weigerde de verbinding',
  'apiError.tooMany': 'Te veel pogingen',
  'apiError.conflict': 'Dit botst met wat de cloud heeft',
  'apiError.badRequest': 'De cloud heeft dit niet geaccepteerd',
  'apiError.invalid.title': 'Het antwoord van de cloud kon niet worden gelezen',
  'apiError.invalid.detail':
    'Het volgt de interface van Telemetry Cloud niet. Wie de cloud beheert, kan in de details zien waarom.',
  'apiError.other': 'De cloud kon dit niet doen',
  'apiError.noAnswer': 'geen antwoord',
  'table.sortBy': 'Sorteren op {column}',
  'table.sortLabel': 'Volgorde',
  'table.sortNone': 'Zoals vermeld',
  'table.sortAscending': '{column}, oplopend',
  'table.sortDescending': '{column}, aflopend',
  'table.more': 'Meer ({count})',
  'chart.sensors': 'Sensoren',
  'chart.noTime': 'Geen tijdstip gekozen',
  'chart.cursorLabel': 'Tijdcursor op de temperatuurgrafiek',
  'chart.bandSpoken': '{band}: laagste, mediaan, hoogste {values}, {out, number} buiten de grenzen',
  'chart.bandOut': '{out, number} van {members, number} buiten de grenzen',
  'chart.readingAt': 'om {time}',
  'chart.limits': 'Grenzen',
  'chart.limitsShaded': 'Grenzen; overschrijdingen gearceerd',
};
