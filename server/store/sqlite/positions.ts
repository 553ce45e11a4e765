import type { NodeScope } from '../positions.ts';
import { SqlPositionStore, type SensorFind } from '../sql/positions.ts';
import type { SqliteScope } from './database.ts';
import { sensorFinds } from './latest-positions.ts';
import { scopeColumns } from './read-jobs.ts';

/** SQLite's `latest`: a seek of the (sensor_id, ts) index per sensor (latest-positions.ts). */
export class SqlitePositionStore extends SqlPositionStore<SqliteScope> {
  sensorFinds(scopes: readonly NodeScope[], from: number, to: number): Promise<SensorFind[]> {
    return this.s.run(() => sensorFinds((sql) => this.s.prepare(sql), scopes, from, to));
  }

  /** On a read worker when there are some: it answers the text, a string per request. */
  override async latestJson(
    scopes: readonly NodeScope[],
    from: number,
    to: number,
  ): Promise<string> {
    const readers = this.s.offLoop();
    if (readers === undefined) return super.latestJson(scopes, from, to);
    return readers.run<string>({ kind: 'latest', scopes: scopeColumns(scopes), from, to });
  }
}
