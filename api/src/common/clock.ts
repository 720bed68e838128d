import { readFileSync } from 'node:fs';
import { Injectable } from '@nestjs/common';

/**
 * The source of "now". Injected wherever a rule depends on today (plan status, upcoming plans,
 * seeded dates) so tests can fix the time: `overrideProvider(Clock).useValue(new FixedClock(...))`.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * The real time, whatever TEST_CLOCK_FILE says: what access tokens are checked against, since the identity provider
 * issues them on the real time (a browser test that moves the site's clock by days stays signed in). Tests of the
 * app replace it together with the Clock.
 */
@Injectable()
export class WallClock extends Clock {}

/** A clock stopped at one instant (tests, reproducible seeding); tests may move it with `set`. */
export class FixedClock extends Clock {
  constructor(private instant: Date) {
    super();
  }
  override now(): Date {
    return new Date(this.instant.getTime());
  }
  set(instant: Date): void {
    this.instant = new Date(instant.getTime());
  }
}

/**
 * A clock read from a file (env TEST_CLOCK_FILE, refused when NODE_ENV=production): "now" is the ISO 8601 instant the
 * file holds, or the real time while it is missing or unreadable. It lets a browser test move the running API's time
 * across a boundary (a link's window) without waiting for it.
 */
export class FileClock extends Clock {
  constructor(private readonly file: string) {
    super();
  }
  override now(): Date {
    try {
      const instant = new Date(readFileSync(this.file, 'utf8').trim());
      if (!Number.isNaN(instant.getTime())) return instant;
    } catch {
      // no file: real time
    }
    return super.now();
  }
}

/**
 * The earliest of `instants`, nulls skipped (an answer's next change among several "valid until"s); null when none is
 * given.
 */
export function earliest(instants: readonly (Date | null)[]): Date | null {
  const times = instants.filter((instant): instant is Date => instant !== null).map((instant) => instant.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}
