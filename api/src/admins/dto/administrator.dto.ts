/** The signed-in administrator (DECISIONS D2/D3), kept by the shell in sessionStorage `user`. */
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

/** `POST /api/login`: `{ message, product }` (DECISIONS D1). */
export class LoginResponse {
  /** One Korean sentence. */
  message!: string;
  product!: AdministratorDto;
}
