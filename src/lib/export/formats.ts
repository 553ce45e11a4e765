import type { Timeslice } from '../../../contract/timeslice.ts';
import { locationOf } from '../history/gps-track.ts';
import type { TimeSpan } from '../history/split-range.ts';

export const exportFormats = ['csv', 'json', 'geojson'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * Serialises a range piece by piece: `begin`, then `chunk` per piece (oldest first), then `end`.
 * Concatenated, the parts form one valid file, however the items were split.
 */
export interface ExportWriter {
  readonly mimeType: string;
  readonly extension: string;
  begin(): string;
  chunk(items: readonly Timeslice[]): string;
  end(): string;
}

const csvColumns = [
  'time',
  'ts',
  'type',
  'node',
  'node_uuid',
  'sensor',
  'sensor_uuid',
  'gateway',
  'gateway_uuid',
  'channel',
  'channel_uuid',
  'temperature',
  'lat',
  'lon',
  'hdop',
  'fix',
  'view',
  'stationary',
  'calculated',
  'function',
  'version',
  'value_ts',
] as const;
type CsvColumn = (typeof csvColumns)[number];

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is defused with a quote. */
function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvValue(value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? csvText(value) : String(value);
}

const zoneParts = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as ISO 8601 in a time zone, with that zone's offset at the instant:
 * "2026-11-24T18:12:48.120+01:00" in Europe/Amsterdam, "2026-11-24T17:12:48.120Z" in UTC. A
 * spreadsheet reads the wall time the page showed; the offset keeps the instant exact.
 */
export function isoInZone(ts: number, timeZone: string): string {
  if (timeZone === 'UTC') return new Date(ts).toISOString();
  let format = zoneParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    zoneParts.set(timeZone, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(ts)) parts[part.type] = part.value;
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  const ms = String(((ts % 1000) + 1000) % 1000).padStart(3, '0');
  return (
    `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}` +
    `.${ms}${offset}`
  );
}

/** The CSV's first column names the zone its times are in: `time (Europe/Amsterdam)`. */
function csvHeader(timeZone: string): string {
  return [`time (${timeZone})`, ...csvColumns.slice(1)].join(',');
}

function csvRow(item: Timeslice, timeZone: string): string {
  const row: Partial<Record<CsvColumn, string | number | boolean>> = {
    time: isoInZone(item.ts, timeZone),
    ts: item.ts,
    type: item.type,
    node: item.nodeName,
    node_uuid: item.nodeUuid,
    sensor: item.sensorName,
    sensor_uuid: item.sensorUuid,
    gateway: item.gatewayName,
    gateway_uuid: item.gatewayUuid,
    channel: item.channelName,
    channel_uuid: item.channelUuid,
  };
  if (item.type === 'TEMP') {
    row.temperature = item.value.temperature;
    row.value_ts = item.value.ts;
  } else if (item.type === 'GPS') {
    const v = item.value;
    Object.assign(row, { hdop: v.hdop, fix: v.fix, view: v.view, value_ts: v.ts });
    Object.assign(row, { stationary: v.stationary, calculated: v.calculated });
    const location = locationOf(v);
    if (location) Object.assign(row, location);
  } else {
    row.function = item.value.function;
    row.version = item.value.version;
  }
  return csvColumns.map((column) => csvValue(row[column])).join(',');
}

function csvWriter(timeZone: string): ExportWriter {
  return {
    mimeType: 'text/csv;charset=utf-8',
    extension: 'csv',
    begin: () => csvHeader(timeZone) + '\r\n',
    chunk: (items) => items.map((item) => csvRow(item, timeZone) + '\r\n').join(''),
    end: () => '',
  };
}

/** A JSON array across pieces: the comma goes before every item but the very first. */
function arrayWriter(
  mimeType: string,
  extension: string,
  open: string,
  close: string,
  render: (item: Timeslice) => string | undefined,
): ExportWriter {
  let first = true;
  return {
    mimeType,
    extension,
    begin: () => open,
    chunk: (items) => {
      let text = '';
      for (const item of items) {
        const rendered = render(item);
        if (rendered === undefined) continue;
        text += (first ? '\n' : ',\n') + rendered;
        first = false;
      }
      return text;
    },
    end: () => (first ? '' : '\n') + close,
  };
}

/** RFC 7946 point features; messages without a location have no place in a map file. */
function geoJsonFeature(item: Timeslice): string | undefined {
  if (item.type !== 'GPS') return undefined;
  const location = locationOf(item.value);
  if (!location) return undefined;
  const { hdop, fix, view, calculated } = item.value;
  return JSON.stringify({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [location.lon, location.lat] },
    properties: {
      time: new Date(item.ts).toISOString(),
      ts: item.ts,
      node: item.nodeName,
      nodeUuid: item.nodeUuid,
      sensor: item.sensorName,
      sensorUuid: item.sensorUuid,
      hdop,
      fix,
      view,
      calculated: calculated === true,
    },
  });
}

/** `timeZone`: the zone of the CSV's times (the page's, or UTC); JSON and GeoJSON stay in UTC. */
export function exportWriter(format: ExportFormat, timeZone = 'UTC'): ExportWriter {
  switch (format) {
    case 'csv':
      return csvWriter(timeZone);
    case 'json':
      return arrayWriter('application/json', 'json', '[', ']\n', (item) => JSON.stringify(item));
    case 'geojson':
      return arrayWriter(
        'application/geo+json',
        'geojson',
        '{"type":"FeatureCollection","features":[',
        ']}\n',
        geoJsonFeature,
      );
  }
}

export { csvColumns };

/** A file name people can tell apart: channel, first and last instant. */
export function exportFileName(channelName: string, range: TimeSpan, extension: string): string {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(':', '');
  const name = channelName.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'history';
  return `${name}_${stamp(range.from)}_${stamp(range.to)}.${extension}`;
}
