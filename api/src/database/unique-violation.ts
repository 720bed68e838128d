import { QueryFailedError } from 'typeorm';

/**
 * The constraint a failed query violated when PostgreSQL refused it as a unique violation (SQLSTATE 23505): its name
 * (`bookings_one_active_per_phone`), `''` when the driver did not say; null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? '') : null;
}
