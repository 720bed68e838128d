import { Injectable } from '@nestjs/common';
import { UNKNOWN_RELEASE_VERSION } from '../common/shared-rules';
import { ApiMetrics } from './metrics';

/** Distinct (remote, version) label pairs one process counts on their own; later ones share {@link OVERFLOW}. */
export const REMOTE_ERROR_SERIES_LIMIT = 200;

/** The labels every pair beyond {@link REMOTE_ERROR_SERIES_LIMIT} is counted under. */
export const OVERFLOW = { remote: 'other', version: UNKNOWN_RELEASE_VERSION } as const;

/**
 * Counts the errors browsers report of a remote's release into `linksite_remote_browser_errors_total{remote,
 * version}` on /metrics, so a canary's candidate can be compared with the live version of the same remote.
 * The names come from any client that can send a well-formed beacon, so the series are bounded: the first
 * {@link REMOTE_ERROR_SERIES_LIMIT} pairs this process sees get a series each, every later pair counts under
 * {@link OVERFLOW} (at most 201 series per process; a restart starts over).
 */
@Injectable()
export class RemoteErrorMetrics {
  private readonly pairs = new Set<string>();

  constructor(private readonly metrics: ApiMetrics) {}

  /**
   * One error of `remote` (a Module Federation name, `mf_links`) at release `version` (hex digits, or `-`), both
   * already checked by the ingest's DTO (api/src/common/shared-rules.ts `REMOTE_NAME`, `REPORTED_RELEASE_VERSION`).
   */
  count(remote: string, version: string): void {
    const pair = `${remote} ${version}`;
    if (!this.pairs.has(pair)) {
      if (this.pairs.size >= REMOTE_ERROR_SERIES_LIMIT) {
        this.metrics.remoteBrowserErrors.inc(OVERFLOW);
        return;
      }
      this.pairs.add(pair);
    }
    this.metrics.remoteBrowserErrors.inc({ remote, version });
  }
}
