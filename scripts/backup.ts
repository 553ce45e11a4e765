/**
 * npm run backup -- <folder>    a consistent copy of the running cloud's SQLite database and keys
 * npm run restore -- <folder>   puts such a copy in place in DATA_DIR (stop the cloud first)
 *
 * With DATABASE_URL (PostgreSQL) these say how to use pg_dump and pg_restore instead.
 */
import { configFromEnv } from '../server/config.ts';
import { backupSqlite, restoreSqlite } from '../server/store/sqlite/backup.ts';

const [action, folder] = process.argv.slice(2);
const config = configFromEnv();
try {
  if ((action !== 'backup' && action !== 'restore') || !folder) {
    throw new Error('usage: npm run backup -- <folder>  |  npm run restore -- <folder>');
  }
  if (config.databaseUrl !== null) {
    throw new Error(
      'DATABASE_URL names PostgreSQL: back it up with\n' +
        '  pg_dump --format=custom --file=telemetry.dump "$DATABASE_URL"\n' +
        'and restore into an empty database with\n' +
        '  pg_restore --no-owner --dbname="$DATABASE_URL" telemetry.dump',
    );
  }
  if (config.dataDir === ':memory:') throw new Error('DATA_DIR=:memory: has nothing to back up');
  if (action === 'backup') {
    const { pages } = await backupSqlite(config.dataDir, folder);
    console.log(`Backed up ${config.dataDir} (${pages} pages) and its keys into ${folder}`);
  } else {
    restoreSqlite(folder, config.dataDir);
    console.log(
      `Restored ${folder} into ${config.dataDir}; the database that was there is kept beside it.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
