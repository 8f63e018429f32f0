/**
 * The compact binary encoding of JSON values that snapshots use (see compact-format.ts for the format).
 * @example decodeCompact(encodeCompact(state, STATE_VOCABULARY), STATE_VOCABULARY) // deep-equals state
 */
export type { Vocabulary } from './compact-format';
export { encodeCompact } from './compact-encode';
export { decodeCompact } from './compact-decode';
