import { DataSource } from 'typeorm';
import { typeormOptions } from './typeorm-options';

/**
 * DataSource for the TypeORM CLI (`npx typeorm -d api/dist/database/data-source.js migration:show`).
 * Needs DATABASE_URL (the CLI does not start the embedded server).
 */
export default new DataSource(
  typeormOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'),
);
