import { Injectable } from '@nestjs/common';

/**
 * Whether this process is shutting down, shared by main.ts (which sets it on SIGTERM/SIGINT through
 * `drainHttpServer`), the readiness answer and the drain middleware (common/http-drain.ts).
 */
@Injectable()
export class ShutdownState {
  private stoppingNow = false;
  private onResponseFinished: (() => void) | undefined;

  /** true from the moment a stop signal arrived. */
  get stopping(): boolean {
    return this.stoppingNow;
  }

  /**
   * Marks the process stopping. `afterEachResponse` runs after every response that finishes from
   * then on, requests admitted before the signal included (the drain closes their connections then).
   */
  markStopping(afterEachResponse?: () => void): void {
    this.stoppingNow = true;
    this.onResponseFinished = afterEachResponse;
  }

  /** Called by the drain middleware when an admitted response finished. */
  readonly responseFinished = (): void => {
    if (this.stoppingNow) this.onResponseFinished?.();
  };
}

/**
 * Body of every 503 sent while the process drains: the docs/decisions/0001-response-envelope.md envelope plus
 * `status: 'stopping'`, with the request's id (docs/decisions/0047-logs-metrics-audit.md) when it has one.
 */
export const stoppingBody = (message: string, requestId?: unknown) => ({
  statusCode: 503,
  message,
  status: 'stopping' as const,
  ...(typeof requestId === 'string' ? { requestId } : {}),
});
