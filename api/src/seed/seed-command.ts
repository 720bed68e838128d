import 'reflect-metadata';
import { Clock } from '../common/clock';
import { messages } from '../common/messages';
import { loadConfig } from '../config/app-config';
import { announcePublicChange } from '../public-cache/invalidation-channel';
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
      // Running API processes drop their cached public reads (issue 14 item 4).
      const failed = await announcePublicChange({
        embedded: database.embedded !== undefined,
        ...config,
        sql: dataSource,
      });
      if (failed) console.error(messages.publicCachePublishFailed(failed));
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
