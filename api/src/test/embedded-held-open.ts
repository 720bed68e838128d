/**
 * Child-process half of the privacy test of database/embedded-postgres.spec.ts
 * (docs/decisions/0093-private-embedded-database.md): starts the embedded database the way main.ts does
 * (resolveDatabase with the environment's configuration, DATABASE_URL unset), runs the migrations and reads the
 * bookings over the API's own connection, prints one `READY <json>` line (the URL, what it logged, the rows it read),
 * and keeps the database open until its stdin closes; then it stops and prints `STOPPED`.
 */
import { loadConfig } from '../config/app-config';
import { resolveDatabase } from '../database/resolve-database';
import { openDataSource } from '../database/run-migrations';
import { typeormOptions } from '../database/typeorm-options';

async function main(): Promise<void> {
  const logged: string[] = [];
  const database = await resolveDatabase(loadConfig(), (line) => logged.push(line));
  const dataSource = await openDataSource(typeormOptions(database.url, true), true);
  const rows = await dataSource.query<unknown[]>('SELECT name, phone FROM bookings');
  process.stdout.write(`READY ${JSON.stringify({ url: database.url, logged, rows })}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once('end', resolve));
  await dataSource.destroy();
  await database.embedded?.stop();
  process.stdout.write('STOPPED\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
