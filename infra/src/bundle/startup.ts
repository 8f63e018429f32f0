import type { Metafile } from 'esbuild';
import { HANDLER_FILE } from './paths';

/** One output file of a bundle: its path as esbuild names it, and its size. */
export interface BundleFile {
  readonly file: string;
  readonly bytes: number;
}

/** A bundle's JavaScript split by when it is read: on import of the entry, or on first use. */
export interface BundleLoad {
  /** The entry and every chunk it imports statically, transitively: what a cold start parses. */
  readonly startup: readonly BundleFile[];
  /** The chunks only a dynamic `import()` reaches (the contract's document, the problems' words). */
  readonly lazy: readonly BundleFile[];
}

/**
 * Which of a bundle's files a cold start reads: its entry's (`index.mjs`) static import graph, from esbuild's
 * metafile; the rest of its `.mjs` outputs load on first use. Built with `splitting`, the entry file
 * alone says little: most code sits in a shared chunk it imports.
 * @example const { startup } = bundleLoad(metafile); const bytes = startup.reduce((s, f) => s + f.bytes, 0);
 */
export function bundleLoad(metafile: Metafile): BundleLoad {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs'));
  // Every chunk made for an `import()` has an entryPoint too: the entry is known by its file's name.
  const entry = outputs.find(([file]) => file === HANDLER_FILE || file.endsWith(`/${HANDLER_FILE}`));
  if (!entry) throw new Error(`the metafile has no ${HANDLER_FILE}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry[0]);
  const file = ([name, output]: (typeof outputs)[number]) => ({ file: name, bytes: output.bytes });
  return {
    startup: outputs.filter(([name]) => seen.has(name)).map(file),
    lazy: outputs.filter(([name]) => !seen.has(name)).map(file),
  };
}
