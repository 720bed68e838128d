import 'reflect-metadata';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { loadConfig } from '../config/app-config';
import { resolveDatabase } from '../database/resolve-database';
import { openDataSource } from '../database/run-migrations';
import { typeormOptions } from '../database/typeorm-options';
import { catalogueCounts, seedDemoCatalogue } from './seed-demo-catalogue';

/**
 * `npm run seed`: connects to DATABASE_URL (or starts the embedded database in DATA_DIR; stop the
 * API first, it holds the lock), runs the pending migrations under the migration lock, loads the
 * demo catalogue (idempotent) and prints the counts in Korean.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await resolveDatabase(config, (line) => console.log(line));
  try {
    const dataSource = await openDataSource(typeormOptions(database.url, database.embedded !== undefined), true);
    try {
      const result = await seedDemoCatalogue(dataSource, new Clock());
      console.log(messages.seedAdded(result));
      console.log(messages.seedCounts(await catalogueCounts(dataSource)));
      // Running API processes drop their cached public reads: the seed's writes announced themselves
      // (migrations/1795953600000-public-cache-notify.ts).
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
