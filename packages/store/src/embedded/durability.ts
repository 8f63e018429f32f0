/**
 * How far an acknowledged write of the embedded DynamoDB is kept, when its data is on disk:
 * - `synced` (the default): LevelDB writes it with its `sync` option, so the write returns only once
 *   the operating system has put it on stable storage (fsync): it survives a power loss or a kernel
 *   crash, not only the process being killed.
 * - `relaxed`: LevelDB hands the write to the operating system and returns; it survives the process
 *   being killed (kill -9), but a power loss can take the last seconds of acknowledged writes. For a
 *   throwaway demo, chosen explicitly.
 * In memory (no data folder) there is no disk: both mean the same.
 */
export type Durability = 'synced' | 'relaxed';

/** Every durability, the default first. */
export const DURABILITIES: readonly Durability[] = ['synced', 'relaxed'];

/**
 * Reads a durability from configuration text (an environment variable): unset or empty is the
 * default, `synced`; anything but the two names is refused with a message that names the setting.
 * @example parseDurability(process.env.DURABILITY); // 'synced' when unset
 * @example parseDurability('fast'); // throws 'DURABILITY must be synced (the default) or relaxed, not "fast"'
 */
export function parseDurability(text: string | undefined, setting = 'DURABILITY'): Durability {
  if (text === undefined || text === '') return 'synced';
  if ((DURABILITIES as readonly string[]).includes(text)) return text as Durability;
  throw new Error(
    `${setting} must be synced (the default: an acknowledged write survives a power loss) or relaxed ` +
      `(a throwaway demo: it survives a crash, not a power loss), not ${JSON.stringify(text)}`,
  );
}
