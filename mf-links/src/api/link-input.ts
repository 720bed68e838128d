/**
 * Body of `POST /api/store/create` and `PUT /api/main/update/:id` (spec §7, DECISIONS D2): `tag` is one string the
 * server splits on `,` and `/`; empty strings mean null.
 */
export interface LinkInput {
  pname: string;
  tag: string;
  link: string;
  imagelink: string;
}
