/** A read response (DECISIONS D1): `{ product: ... }`. */
export interface ReadEnvelope<T> {
  product: T;
}

/** Wraps a read result in the D1 envelope. */
export const product = <T>(value: T): ReadEnvelope<T> => ({ product: value });
