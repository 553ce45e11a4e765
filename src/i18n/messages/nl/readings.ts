import type { readings as en } from '../en/readings.ts';

export const readings: Record<keyof typeof en, string> = {
  'readings.followLive': 'Live volgen',
  'readings.followLive.on':
    'Nieuwe metingen verschijnen in de grafiek, de route en de ruwe gegevens zodra ze binnenkomen.',
  'readings.followLive.off':
    'Alleen een periode die nu eindigt of binnen de afgelopen dag kan worden gevolgd.',
  'readings.section.temperature': 'Temperatuur',
  'readings.section.coldChain': 'Koudeketen',
  'readings.section.trips': 'Ritten en stops',
  'readings.section.track': 'GPS-route',
  'readings.section.connectivity': 'Verbinding',
  'readings.section.raw': 'Ruwe gegevens',
  'readings.title': 'Geschiedenis van {name}',
  'readings.dailySummary': 'Dagoverzicht',
  'readings.conn.since': 'Sinds',
  'readings.conn.node': 'Node',
  'readings.conn.function': 'Functie',
  'readings.conn.version': 'Versie',
  'readings.conn.lastReported': 'Laatst gemeld',
  'readings.conn.label': 'Wijzigingen van functie en versie',
  'readings.messages': '{count, plural, one {# bericht} other {# berichten}}',
  'readings.progress':
    '{done, number} van {total, plural, one {# dag} other {# dagen}} geladen, {messages, plural, one {# bericht} other {# berichten}}',
  'readings.progressAll':
    'Alle {done, number} van {total, plural, one {# dag} other {# dagen}} geladen, {messages, plural, one {# bericht} other {# berichten}}',
  'readings.loadRest': 'De rest laden',
  'readings.loaded': 'Geschiedenis geladen',
  'readings.refused.title': 'De cloud staat je niet toe dit te lezen',
  'readings.refused.explain':
    'Wat al binnen is, blijft op het scherm. Opnieuw vragen wordt op dezelfde manier geweigerd; een beheerder van de tenant kan je het genoemde recht geven.',
  'readings.partFailed.title': 'Een deel van de periode kon niet worden geladen',
  'readings.partFailed.explain':
    'Wat al binnen is, blijft op het scherm; hervatten vraagt alleen de ontbrekende dagen op.',
  'readings.resume': 'Hervatten',
  'readings.loadFailed': 'De geschiedenis kon niet worden geladen.',
  'readings.invalidAnswer':
    'Het antwoord van de cloud met de geschiedenis volgt de interface niet: {detail}.',
  'readings.none':
    '{what, select, positions {Geen posities} conn {Geen verbindingsberichten} temperatures {Geen temperaturen} other {Geen berichten}} in deze periode.',
  'readings.loading':
    '{what, select, positions {Posities} conn {Verbindingsberichten} temperatures {Temperaturen} other {Berichten}} laden…',
  'readings.loadingSoFar':
    '{what, select, positions {Posities} conn {Verbindingsberichten} temperatures {Temperaturen} other {Berichten}} laden… nog geen in de {done, number} van {total, plural, one {# dag} other {# dagen}} die tot nu toe zijn geladen.',
  'readings.raw.label': 'Ruwe berichten',
  'readings.raw.time': 'Tijd',
  'readings.raw.node': 'Node',
  'readings.raw.sensor': 'Sensor',
  'readings.raw.type': 'Soort',
  'readings.raw.value': 'Waarde',
  'readings.raw.gateway': 'Gateway',
  'readings.raw.reading': 'Lezen…',
  'replay.play': 'Afspelen',
  'replay.pause': 'Pauze',
  'replay.speed': 'Afspeelsnelheid',
  'replay.minutesPerSecond': '{n, number} min/s',
  'replay.hoursPerSecond': '{n, number} u/s',
  'replay.position': 'Afspeelpositie',
  'temperature.sensorReadings': '{label} ({count, plural, one {# meting} other {# metingen}})',
  'temperature.band': '{label} ({members, plural, one {# sensor} other {# sensoren}})',
  'temperature.bandLegend': '{label}: laagste tot hoogste, mediaan getekend',
  'temperature.wholeRange': 'Hele periode',
  'temperature.window': '{from} – {to}',
  'temperature.dragToZoom': 'sleep over de grafiek om in te zoomen',
  'temperature.asBands':
    '{count, number} sensoren als banden per grenzen; kies hieronder nodes om hun eigen lijnen te zien',
  'temperature.zoomIn': 'Grafiek inzoomen',
  'temperature.zoomOut': 'Grafiek uitzoomen',
  'temperature.bandsAndSensors': 'Banden en sensoren',
  'temperature.shaded':
    'Gearceerd waar leden buiten hun grenzen waren: hoe donkerder, hoe meer leden.',
  'temperature.shadedPicked':
    'Gearceerd waar leden buiten hun grenzen waren: hoe donkerder, hoe meer leden; de overschrijdingen van de lijnen die je koos het donkerst.',
  'temperature.shade':
    'Overschrijding van {sensor} {side, select, above {boven} other {onder}} de grenzen, van {from} tot {to}',
  'temperature.shadeOngoing':
    'Overschrijding van {sensor} {side, select, above {boven} other {onder}} de grenzen, vanaf {from}, om {to} nog buiten',
};
