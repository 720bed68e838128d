import { lastValueFrom, defer, of, throwError } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DatabaseRetryInterceptor } from '../common/database-retry.interceptor';
import { ApiExceptionFilter } from '../common/api-exception.filter';
import { messages } from '../common/messages';
import { isDatabaseUnavailable } from './database-unavailable';

/**
 * docs/decisions/0044-survivable-faults.md (a): which errors mean "the database is down", and what the API does with
 * them.
 */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  test.each([
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['57P01 admin_shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P03 starting up', pgError('57P03', 'the database system is starting up')],
    ['Connection terminated', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('Connection terminated due to connection timeout')],
    ['wrapped by TypeORM', new QueryFailedError('SELECT 1', [], pgError('57P01', 'terminating connection'))],
    ['AggregateError', new AggregateError([pgError('ECONNREFUSED', 'x'), pgError('ECONNREFUSED', 'y')], '')],
    ['a transaction whose connection was released', new QueryRunnerAlreadyReleasedError()],
    // An entity manager's runner released under it (docs/decisions/0092-connection-failure-is-503.md: two writes caught
    // by a restart answered 500).
    ["an entity manager's released connection", new QueryRunnerProviderAlreadyReleasedError()],
  ])('%s: unavailable', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  test.each([
    ['unique violation', new QueryFailedError('INSERT', [], pgError('23505', 'duplicate key'))],
    ['syntax error', pgError('42601', 'syntax error')],
    ['plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('%s: a failure of its own', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));

  test('the filter answers it 503 with the Korean sentence, and anything else 500', () => {
    const filter = new ApiExceptionFilter();
    expect(filter.toEnvelope(pgError('57P03', 'the database system is shutting down'))).toEqual({
      statusCode: 503,
      message: messages.databaseUnavailable,
    });
    expect(filter.toEnvelope(new Error('boom')).statusCode).toBe(500);
  });
});

describe('DatabaseRetryInterceptor', () => {
  const contextOf = (method: string) =>
    ({ switchToHttp: () => ({ getRequest: () => ({ method }) }) }) as unknown as ExecutionContext;
  /** A handler failing with `errors` in turn, then answering 'ok'; counts its runs. */
  const handlerFailing = (...errors: unknown[]) => {
    const calls = { n: 0 };
    const handler: CallHandler = {
      handle: () =>
        defer(() => {
          const error = errors[calls.n++];
          return error === undefined ? of('ok') : throwError(() => error);
        }),
    };
    return { handler, calls };
  };
  const down = () => pgError('ECONNREFUSED', 'connect ECONNREFUSED');

  test('a GET that met an outage runs once more and answers', async () => {
    const { handler, calls } = handlerFailing(down());
    await expect(lastValueFrom(new DatabaseRetryInterceptor().intercept(contextOf('GET'), handler))).resolves.toBe(
      'ok',
    );
    expect(calls.n).toBe(2);
  });

  test('only once: a second outage error goes to the filter', async () => {
    const { handler, calls } = handlerFailing(down(), down(), down());
    await expect(lastValueFrom(new DatabaseRetryInterceptor().intercept(contextOf('GET'), handler))).rejects.toThrow(
      'ECONNREFUSED',
    );
    expect(calls.n).toBe(2);
  });

  test('a write, or a GET that failed for another reason, is not retried', async () => {
    const post = handlerFailing(down());
    await expect(
      lastValueFrom(new DatabaseRetryInterceptor().intercept(contextOf('POST'), post.handler)),
    ).rejects.toThrow();
    expect(post.calls.n).toBe(1);
    const other = handlerFailing(new Error('boom'));
    await expect(
      lastValueFrom(new DatabaseRetryInterceptor().intercept(contextOf('GET'), other.handler)),
    ).rejects.toThrow('boom');
    expect(other.calls.n).toBe(1);
  });
});
