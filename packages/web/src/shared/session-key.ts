/** The localStorage entry that holds this browser's player (name, id and bearer token). */
export const SESSION_KEY = 'chickenfoot:session';

/** The localStorage entry that holds the other accounts' sessions this browser keeps (switched away from). */
export const KEPT_KEY = 'chickenfoot:kept';

/** The localStorage entry prefix for the last game version seen here: `chickenfoot:seen:<gameId>`. */
export const SEEN_PREFIX = 'chickenfoot:seen:';
