/** One field-level problem in an error envelope (docs/decisions/0001-response-envelope.md). */
export class FieldErrorDto {
  /** The request field, as the client sent it (`pname`, `startdate`…). */
  field!: string;
  /** What is wrong with it, one Korean sentence. */
  message!: string;
}

/**
 * The body of every 4xx/5xx answer (docs/decisions/0001-response-envelope.md): `message` is always one Korean sentence the screens show in an
 * alert; a 400 from validation also lists every broken rule in `errors`.
 */
export class ErrorResponse {
  /** The HTTP status, repeated. */
  statusCode!: number;
  /** One Korean sentence for the user (a 400 names the first broken rule). */
  message!: string;
  /** Every broken rule of a 400 from validation. */
  errors?: FieldErrorDto[];
  /**
   * The id of this request, also in the `X-Request-Id` header and on every log line of the request (docs/decisions/0047-logs-metrics-audit.md),
   * so an error shown to a person can be looked up in the logs.
   */
  requestId?: string;
}
