import { types } from 'pg';

const DATE_OID = 1082;

/**
 * pg parses `date` columns into a JS Date at local midnight, which shifts the day in any time zone
 * west of UTC and loses the calendar meaning. Plans are calendar dates (docs/decisions/0002-entities.md): keep
 * 'YYYY-MM-DD'. Process-wide by nature (pg's parser registry is global); imported by every DataSource definition.
 */
types.setTypeParser(DATE_OID, (value: string) => value);
