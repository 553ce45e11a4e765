import { csvValue, isoInZone } from './formats.ts';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | undefined;
}

/**
 * A report as CSV (RFC 4180, CRLF, text defused against spreadsheet formulas as in formats.ts).
 * Missing figures (NaN) are empty cells.
 */
export function recordsCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): Blob {
  const cell = (value: string | number | boolean | undefined) =>
    csvValue(typeof value === 'number' && Number.isNaN(value) ? undefined : value);
  const lines = [
    columns.map((c) => cell(c.header)).join(','),
    ...rows.map((row) => columns.map((c) => cell(c.value(row))).join(',')),
  ];
  return new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' });
}

/**
 * Columns from field names and their values, in order: `csvFields({ node: (r) => r.name })`. The
 * names are the CSV's field names, for programs, the same in every language.
 */
export function csvFields<T>(
  fields: Readonly<Record<string, CsvColumn<T>['value']>>,
): CsvColumn<T>[] {
  return Object.entries(fields).map(([header, value]) => ({ header, value }));
}

/**
 * A time field: ISO 8601 in `timeZone` with its offset, the header naming the zone
 * (`start (Europe/Amsterdam)`, as the history export's first column does); empty without a time.
 */
export function csvTime<T>(
  name: string,
  timeZone: string,
  value: (row: T) => number | undefined,
): CsvColumn<T> {
  return {
    header: `${name} (${timeZone})`,
    value: (row) => {
      const ts = value(row);
      return ts === undefined || !Number.isFinite(ts) ? undefined : isoInZone(ts, timeZone);
    },
  };
}
