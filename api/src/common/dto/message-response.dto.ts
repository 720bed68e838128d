/** A write's answer with nothing to return but its Korean sentence (DECISIONS D1): `{ message }`. */
export class MessageResponse {
  /** What was done, one Korean sentence the screens show in an alert. */
  message!: string;
}
