import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Files changed in place for a while, each put back as it was: by `restore()`, and on Ctrl-C or a kill
 * too. Only files git holds unchanged may be patched, so `git checkout -- <file>` is always a safe way
 * back should this process die without restoring.
 */
export class Patches {
  readonly #originals = new Map<string, string | null>();
  readonly #bail = (signal: NodeJS.Signals) => {
    this.restore();
    console.error(`\nmutation: ${signal}: every patched file restored`);
    process.exit(130);
  };
  readonly #atExit = () => this.restore();

  constructor() {
    process.once('SIGINT', this.#bail);
    process.once('SIGTERM', this.#bail);
    process.once('exit', this.#atExit);
  }

  /** Refuses to start if any of `files` has changes git does not hold (they could not be restored safely). */
  static assertClean(files: readonly string[]): void {
    const dirty = execFileSync('git', ['status', '--porcelain', '--', ...files], { encoding: 'utf8' }).trim();
    if (dirty) throw new Error(`mutation: commit or stash these first, they would be patched:\n${dirty}`);
  }

  /** Writes `text` to `file` (null: removes it), keeping what was there to restore. */
  write(file: string, text: string | null): void {
    if (!this.#originals.has(file)) this.#originals.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
    if (text === null) {
      if (existsSync(file)) unlinkSync(file);
    } else writeFileSync(file, text);
  }

  /** Puts every patched file back as it was. */
  restore(): void {
    for (const [file, text] of this.#originals) {
      if (text === null) {
        if (existsSync(file)) unlinkSync(file);
      } else writeFileSync(file, text);
    }
    this.#originals.clear();
    process.off('SIGINT', this.#bail);
    process.off('SIGTERM', this.#bail);
    process.off('exit', this.#atExit);
  }
}

/** `file` as it was at git `ref`, or null when it did not exist there. */
export function atRef(ref: string, file: string): string | null {
  try {
    return execFileSync('git', ['show', `${ref}:${file}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}
