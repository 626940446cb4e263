// npm run restore -- FILE: puts a snapshot back as the shop's database (stop the server first).
import { loadConfig } from '../server/config';
import { RestoreRefused, restoreDatabase } from '../server/domains/backup/restoreFile';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'Usage: npm run restore -- FILE   (a snapshot such as data/backups/shop-2025-06-01T0900.sqlite)',
  );
  process.exit(1);
}

try {
  const config = loadConfig();
  const { keptAs, dbFile } = await restoreDatabase(config, file);
  console.log(`Restored ${file} as ${dbFile}.`);
  console.log(keptAs ? `The database it replaced is kept as ${keptAs}.` : 'There was no database before it.');
  console.log('Start the server as usual.');
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err;
  console.error(err.message);
  process.exit(1);
}
