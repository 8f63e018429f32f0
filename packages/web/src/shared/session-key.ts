/** The localStorage entry that holds this browser's player (name, id and bearer token). */
export const SESSION_KEY = 'chickenfoot:session';

/** The localStorage entry prefix for the last game version seen here: `chickenfoot:seen:<gameId>`. */
export const SEEN_PREFIX = 'chickenfoot:seen:';
