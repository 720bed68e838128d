/** The signed-in administrator (docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md), kept by the shell in sessionStorage `user`. */
export class AdministratorDto {
  /** `administrators.id`. */
  id!: number;
  /** The token's `preferred_username`. */
  username!: string | null;
  name!: string | null;
  email!: string | null;
  /** The token's realm roles. */
  roles!: string[];
}

/** `POST /api/login`: `{ message, product }` (docs/decisions/0001-response-envelope.md). */
export class LoginResponse {
  /** One Korean sentence. */
  message!: string;
  product!: AdministratorDto;
}
