/** A read response (DECISIONS D1): `{ product: ... }`. */
export interface ReadEnvelope<T> {
  product: T;
}

/** Wraps a read result in the D1 envelope. */
export const product = <T>(value: T): ReadEnvelope<T> => ({ product: value });

/** A write response (DECISIONS D1): `{ message: '<Korean sentence>', product?: <the entity written> }`. */
export interface WriteEnvelope<T> {
  message: string;
  product?: T;
}

/** Wraps a write result in the D1 envelope. */
export const written = <T>(message: string, value?: T): WriteEnvelope<T> =>
  value === undefined ? { message } : { message, product: value };
