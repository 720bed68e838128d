/** A write's answer with nothing to return but its Korean sentence (docs/decisions/0001-response-envelope.md): `{ message }`. */
export class MessageResponse {
  /** What was done, one Korean sentence the screens show in an alert. */
  message!: string;
}
