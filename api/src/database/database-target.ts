/** Where the API's database is: the URL, and whether it is the embedded PGlite server. */
export interface DatabaseTarget {
  url: string;
  embedded: boolean;
}

/** Nest injection token of the {@link DatabaseTarget} the app was started on (AppModule.forRoot provides it). */
export const DATABASE_TARGET = Symbol('DATABASE_TARGET');
