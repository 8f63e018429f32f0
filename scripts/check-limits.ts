/**
 * The size limits of ARCHITECTURE.md, checked in `npm test` (`npm run check:limits`): no source file over
 * 300 lines, no function over 60. Source is what `packages/<name>/src`, `functions` and `infra/src` hold,
 * less tests (`*.test.ts`), test helpers (`testing.ts`) and the generated `api-types.ts`. A function is
 * counted from the line of its first token (its JSDoc left out) to the line of its last, by the TypeScript
 * compiler's own parse. A violation named in the allowlist passes while it is no longer than written
 * there; an entry that no longer matches a violation fails the check too, so the list only shrinks.
 *
 * `npx tsx scripts/check-limits.ts [--figures]`: exit 1 with the violations; with `--figures`, per package
 * the median, p90 and largest file and the functions over the limit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 60;

/** The folders whose files are source, relative to the repository's root (`*` is one folder name). */
export const SOURCE_ROOTS = ['packages/*/src', 'functions', 'infra/src'] as const;

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const NOT_SOURCE = [/\.test\.tsx?$/, /(^|\/)testing\.ts$/, /(^|\/)api-types\.ts$/];
const NEVER_ENTER = new Set(['node_modules', 'dist', 'cdk.out', '.data', '.tmp']);

/** A file or a function over its limit. */
export interface Violation {
  /** The file, relative to the root, with `/` between folders. */
  readonly path: string;
  /** The function's name (see `functionName`), or null for the file itself. */
  readonly name: string | null;
  readonly lines: number;
  readonly limit: number;
}

/** One source file measured: its length and every function's. */
export interface Measured {
  readonly path: string;
  readonly lines: number;
  readonly functions: readonly { readonly name: string; readonly lines: number }[];
}

/** The source files under `root`, relative to it, sorted. */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!NEVER_ENTER.has(entry.name)) walk(path);
      } else if (SOURCE_FILE.test(entry.name) && !NOT_SOURCE.some((re) => re.test(path))) found.push(path);
    }
  };
  for (const pattern of SOURCE_ROOTS) {
    const [first, star, rest] = pattern.split('/');
    if (star !== '*') walk(pattern);
    else for (const name of subfolders(join(root, first ?? ''))) walk(`${first}/${name}/${rest}`);
  }
  return found.sort();
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !NEVER_ENTER.has(e.name))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** The lines of a text as `wc -l` counts them, plus a last line without its newline. */
export function lineCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) count++;
  return text.length > 0 && !text.endsWith('\n') ? count + 1 : count;
}

/** Measures one file: its lines and every function in it (nested ones too, each on its own). */
export function measure(path: string, text: string): Measured {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const functions: { name: string; lines: number }[] = [];
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      functions.push({ name: functionName(node), lines: lineOf(node.getEnd()) - lineOf(node.getStart(file)) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { path, lines: lineCount(text), functions };
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/**
 * A function's name as the allowlist writes it: its own name or the name it is given (a variable, a
 * property), `Class.method` for a class's, and `outer/(callback of call)` for one passed to a call,
 * `outer` being the named function around it (the file itself: nothing before the slash).
 */
export function functionName(node: ts.FunctionLikeDeclaration): string {
  const own = ownName(node);
  if (own !== null) return own;
  const outer = enclosingName(node.parent);
  const call = ts.isCallExpression(node.parent) ? node.parent.expression.getText() : 'expression';
  return `${outer}/(callback of ${call})`;
}

function ownName(node: ts.FunctionLikeDeclaration): string | null {
  if (ts.isConstructorDeclaration(node)) return `${className(node)}.constructor`;
  if (node.name && !ts.isComputedPropertyName(node.name)) {
    const name = node.name.getText();
    return ts.isClassLike(node.parent) ? `${className(node)}.${name}` : name;
  }
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.initializer === node) {
    return parent.name.getText();
  }
  return null;
}

function className(node: ts.Node): string {
  const parent = node.parent;
  return ts.isClassLike(parent) && parent.name ? parent.name.getText() : '(class)';
}

function enclosingName(from: ts.Node): string {
  for (let node: ts.Node | undefined = from; node; node = node.parent) {
    if (isFunction(node)) {
      const name = ownName(node);
      if (name !== null) return name;
    }
  }
  return '';
}

/** Every file and function of `measured` over its limit. */
export function violationsOf(measured: readonly Measured[]): Violation[] {
  const found: Violation[] = [];
  for (const file of measured) {
    if (file.lines > MAX_FILE_LINES)
      found.push({ path: file.path, name: null, lines: file.lines, limit: MAX_FILE_LINES });
    for (const fn of file.functions) {
      if (fn.lines > MAX_FUNCTION_LINES) {
        found.push({ path: file.path, name: fn.name, lines: fn.lines, limit: MAX_FUNCTION_LINES });
      }
    }
  }
  return found;
}

/** A violation as the allowlist and the report write it: `path` or `path name()`, then its lines. */
export function describe(v: Pick<Violation, 'path' | 'name'>): string {
  return v.name === null ? v.path : `${v.path} ${v.name}()`;
}

/** The allowlist's entries: what each names (see `describe`) and the most lines it may have. */
export function parseAllowlist(text: string): Map<string, number> {
  const entries = new Map<string, number>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const match = /^(.+?)\s+(\d+)$/.exec(line);
    if (!match) throw new Error(`an allowlist line is "<path> [<function>()] <lines>", not "${raw}"`);
    entries.set(match[1]!, Number(match[2]));
  }
  return entries;
}

/** What the check found. */
export interface Report {
  /** The violations the allowlist does not excuse, and its entries that excuse none. */
  readonly failures: readonly string[];
  /** How many violations the allowlist excused. */
  readonly allowed: number;
}

/** Checks `measured` against the limits and the allowlist. */
export function check(measured: readonly Measured[], allowlist: ReadonlyMap<string, number>): Report {
  const failures: string[] = [];
  const seen = new Set<string>();
  let allowed = 0;
  for (const v of violationsOf(measured)) {
    const key = describe(v);
    const most = allowlist.get(key);
    seen.add(key);
    if (most === undefined) {
      failures.push(`${key}: ${v.lines} lines, over the ${v.name === null ? 'file' : 'function'} limit of ${v.limit}`);
    } else if (v.lines > most) failures.push(`${key}: ${v.lines} lines, more than the ${most} the allowlist allows`);
    else allowed++;
  }
  for (const key of allowlist.keys()) {
    if (!seen.has(key)) failures.push(`${key}: within the limits (or gone): take it off the allowlist`);
  }
  return { failures, allowed };
}

/** Measures every source file under `root`. */
export function measureTree(root: string): Measured[] {
  return sourceFiles(root).map((path) => measure(path, readFileSync(join(root, path), 'utf8')));
}

/** The figures per package: files, median, p90 and largest file, and the functions over the limit. */
export function figures(measured: readonly Measured[]): string[] {
  const groups = new Map<string, Measured[]>();
  for (const file of measured) {
    const key = file.path.startsWith('packages/')
      ? file.path.split('/').slice(0, 2).join('/')
      : file.path.split('/')[0]!;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  const rows = ['package              files  lines  median  p90  max  functions>60'];
  for (const [key, files] of [...groups].sort()) {
    const sizes = files.map((f) => f.lines).sort((a, b) => a - b);
    const at = (q: number) => sizes[Math.min(sizes.length - 1, Math.ceil(q * sizes.length) - 1)] ?? 0;
    const long = files.flatMap((f) => f.functions).filter((fn) => fn.lines > MAX_FUNCTION_LINES).length;
    const total = sizes.reduce((a, b) => a + b, 0);
    rows.push(
      `${key.padEnd(20)} ${String(files.length).padStart(5)} ${String(total).padStart(6)} ${String(at(0.5)).padStart(7)} ${String(at(0.9)).padStart(4)} ${String(at(1)).padStart(4)} ${String(long).padStart(13)}`,
    );
  }
  return rows;
}

const ALLOWLIST = 'scripts/limits-allowlist.txt';

function main(): void {
  const root = relative(process.cwd(), join(import.meta.dirname, '..')) || '.';
  const measured = measureTree(root);
  if (process.argv.includes('--figures')) {
    for (const row of figures(measured)) console.log(row);
    return;
  }
  const { failures, allowed } = check(measured, parseAllowlist(readFileSync(join(root, ALLOWLIST), 'utf8')));
  for (const failure of failures) console.error(failure);
  if (failures.length > 0) {
    console.error(
      `${failures.length} over the limits (files ${MAX_FILE_LINES}, functions ${MAX_FUNCTION_LINES} lines; ${ALLOWLIST})`,
    );
    process.exitCode = 1;
  } else {
    console.log(`${measured.length} source files within the limits (${allowed} allowed in ${ALLOWLIST})`);
  }
}

if (process.argv[1]?.split(sep).join('/').endsWith('scripts/check-limits.ts')) main();
