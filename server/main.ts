import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/open';
import { seedSystemAdmin } from './db/seed';
import { scheduleSnapshots } from './domains/backup/snapshot';
import { scheduleStockCheck } from './domains/inventory/alerts';
import { certificatesFor } from './https/shopCertificates';
import { batchedLog } from './lib/logLines';

const config = loadConfig();
const db = openDb(config.dbFile);
const seed = await seedSystemAdmin(db, config);
const certificates = certificatesFor(config, db);
const app = await buildApp({
  db,
  config,
  certificates,
  logger: { level: config.logLevel, stream: batchedLog() },
});

await app.listen({ port: config.port, host: config.host });
// Low-stock, out-of-stock and expiring-soon notifications: now, then every four hours.
const stopStockCheck = scheduleStockCheck(db, (err) => app.log.error({ err }, 'stock check failed'));
// A whole-database snapshot into DATA_DIR/backups once a day, keeping the last 14.
const stopSnapshots = scheduleSnapshots(db, config, (err) => app.log.error({ err }, 'daily snapshot failed'));

const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
console.log(`\nBake shop back office: http://${shown}:${config.port}`);
if (certificates) {
  console.log(`  and https://${shown}:${config.port} (https is on; plain http still answers)`);
  if (certificates.made.authority) {
    console.log("  Made the shop's certificate authority: trust it once on each device at");
    console.log(`  http://<this computer's address>:${config.port}/setup/certificate`);
  } else if (certificates.made.serverCertificate) {
    console.log("  Made a new server certificate for this computer's names and addresses (same authority).");
  }
}
console.log(`Data: ${config.dataDir}`);
if (seed.generatedPassword) {
  console.log(
    `\nSystem admin created. Sign in once with:\n  email:    ${seed.email}\n  password: ${seed.generatedPassword}`,
  );
  console.log('You will be asked to choose a new password. This password is not shown again.\n');
} else if (seed.created) {
  console.log(`\nSystem admin created: ${seed.email} with the password from ADMIN_PASSWORD.\n`);
} else {
  console.log(`Admin sign-in: ${seed.email}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    stopStockCheck();
    stopSnapshots();
    await app.close();
    db.$client.close();
    process.exit(0);
  });
}
