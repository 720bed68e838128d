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
