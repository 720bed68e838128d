/**
 * Shapes of the API (DECISIONS D1–D3). Reads are `{ product }`; errors are `{ statusCode, message }`.
 */

/** Read envelope: every GET answers `{ product: T }`. */
export interface ReadEnvelope<T> {
  product: T;
}

/** Write envelope: `{ message, product? }` with a Korean sentence. */
export interface WriteEnvelope<T = undefined> {
  message: string;
  product?: T;
}

/** Error body of every 4xx/5xx answer. `message` is always one Korean sentence. */
export interface ErrorEnvelope {
  statusCode: number;
  message: string;
  errors?: { field: string; message: string }[];
}

/** A product / link entry of `GET /api/store` (DECISIONS D2). */
export interface Link {
  id: number;
  pname: string;
  /** Tags joined by '/', the public page's reading. */
  tag: string;
  tags: string[];
  link: string | null;
  /** External http(s) URL, internal `/api/images/<sha256>` path, or null. */
  imagelink: string | null;
  pcode: number;
}

/** A schedule entry; `status` = whole days until `startdate` in Asia/Seoul (≤ 0 means OPEN). */
export interface Plan {
  id: number;
  title: string;
  startdate: string;
  enddate: string;
  status: number;
}

/** Body of `POST /api/plan` and `PUT /api/plan/update/:id`: dates as `YYYY-MM-DD`, title 1–200 chars. */
export interface PlanInput {
  startdate: string;
  enddate: string;
  title: string;
}

/** A popup slot's turn (회차): '1'–'3', or null for 선택 안 함 (DECISIONS D2). */
export type PopupTurn = '1' | '2' | '3' | null;

/** A popup reservation slot (`GET /api/popup/list`, administrator only). Dates are ISO 8601 with an offset. */
export interface Popup {
  id: number;
  cnt: PopupTurn;
  startdate: string;
  enddate: string;
  /** Head count (인원), integer 0–100000. */
  count: number;
  /** Bookable tables (예약 가능 테이블), integer 0–10000. */
  table: number;
}

/** Body of `POST /api/popup` and `PUT /api/popup/update/:id`. */
export type PopupInput = Omit<Popup, 'id'>;

/** A word of the keyword cloud (`GET /api/tag/list`). */
export interface TagWord {
  text: string;
  value: number;
}

/** The current cover image (`GET /api/cover` answers `{ product: Cover | null }`). */
export interface Cover {
  imagelink: string;
}
