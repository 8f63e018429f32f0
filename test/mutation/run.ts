/**
 * `npm run mutation`: applies each hand mutation of mutations.ts in place, runs the test files it names
 * (one vitest run each), restores the file, and prints the survivors, per package. Run by hand, on a quiet
 * machine (it is CPU-heavy: one vitest run per mutation); never part of `npm test`.
 *   --only=<text>      the mutations whose id contains <text> (`--only=rules/`, `--only=webhooks/`)
 *   --check            only check that every mutation still applies (its search matches exactly once)
 *   --tests-from=<ref> judge with the test files as they were at git <ref> (a file that did not exist
 *                      there is left out; a mutation with none of its tests there survives): the
 *                      "before" figure of a change to the tests
 *   --timeout=<s>      per vitest run (default 600): a run that hangs counts as killed, and says so
 *   --test-timeout=<s> each test's own timeout where it sets none (default 180, not vitest's 30: a busy
 *                      machine must not turn a slow test into a "kill")
 * Last line: one JSON object (also in .tmp/mutation/<label>.json, label: the ref or "head").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Mutation } from './mutation';
import { MUTATIONS } from './mutations';
import { atRef, Patches } from './patches';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = arg('only') ?? '';
const ref = arg('tests-from');
const timeoutMs = Number(arg('timeout') ?? 600) * 1000;
const testTimeoutMs = Number(arg('test-timeout') ?? 180) * 1000;
const chosen = MUTATIONS.filter((m) => m.id.includes(only));

type Verdict = 'killed' | 'killed (timeout)' | 'survived' | 'survived (no test)' | 'stale';

/** Runs vitest on `files`; true when it failed (the mutation was caught). */
function vitest(files: readonly string[]): Promise<{ failed: boolean; timedOut: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--reporter=dot', `--testTimeout=${testTimeoutMs}`, ...files], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ failed: code !== 0, timedOut, output });
    });
  });
}

/** The mutation's tests as this run judges with them: today's, or those of `ref` that existed there. */
function testsFor(m: Mutation, patches: Patches): string[] {
  if (!ref) return [...m.tests];
  return m.tests.filter((file) => {
    const old = atRef(ref, file);
    if (old !== null) patches.write(file, old);
    return old !== null;
  });
}

async function judge(m: Mutation): Promise<Verdict> {
  if (!applies(m)) return 'stale';
  const source = readFileSync(m.file, 'utf8');
  const patches = new Patches();
  try {
    const tests = testsFor(m, patches);
    if (tests.length === 0) return 'survived (no test)';
    patches.write(m.file, source.replace(m.search, m.replace));
    const run = await vitest(tests);
    if (run.timedOut) return 'killed (timeout)';
    return run.failed ? 'killed' : 'survived';
  } finally {
    patches.restore();
  }
}

/** Checks that the chosen tests pass unmutated (else a "kill" would mean nothing). */
async function baseline(): Promise<void> {
  const patches = new Patches();
  try {
    const files = [...new Set(chosen.flatMap((m) => testsFor(m, patches)))];
    const run = await vitest(files);
    if (run.failed) {
      console.error(run.output.slice(-4000));
      throw new Error('mutation: the tests fail without any mutation: fix that first');
    }
    console.log(`baseline: ${files.length} test files pass unmutated`);
  } finally {
    patches.restore();
  }
}

const check = process.argv.includes('--check');
const applies = (m: Mutation) => existsSync(m.file) && readFileSync(m.file, 'utf8').split(m.search).length === 2;

if (check) {
  const stale = chosen.filter((m) => !applies(m));
  for (const m of chosen) console.log(`${applies(m) ? 'applies' : 'STALE  '} ${m.id}  (${m.file})`);
  console.log(`${chosen.length - stale.length} of ${chosen.length} mutations apply`);
  process.exitCode = stale.length > 0 ? 1 : 0;
} else {
  Patches.assertClean([...new Set(chosen.flatMap((m) => [m.file, ...m.tests]))]);
  await baseline();
  const results: { id: string; verdict: Verdict }[] = [];
  for (const m of chosen) {
    const verdict = await judge(m);
    results.push({ id: m.id, verdict });
    console.log(`${verdict.toUpperCase().padEnd(18)} ${m.id}  (${m.tests.join(', ')})`);
  }
  report(results);
}

/** Prints the counts per package and the survivors, and the JSON line (kept in .tmp/mutation/). */
function report(results: readonly { id: string; verdict: Verdict }[]): void {
  const byPackage: Record<string, { tried: number; survived: number }> = {};
  for (const { id, verdict } of results) {
    const counts = (byPackage[id.split('/')[0]!] ??= { tried: 0, survived: 0 });
    counts.tried++;
    if (verdict !== 'killed' && verdict !== 'killed (timeout)') counts.survived++;
  }
  for (const [pkg, c] of Object.entries(byPackage)) console.log(`${pkg}: ${c.tried} tried, ${c.survived} survived`);
  const survivors = results.filter((r) => !r.verdict.startsWith('killed'));
  console.log(`survivors: ${survivors.map((s) => `${s.id} (${s.verdict})`).join(', ') || 'none'}`);
  const label = (ref ?? 'head').replaceAll('/', '_');
  mkdirSync('.tmp/mutation', { recursive: true });
  const line = JSON.stringify({ mutation: ref ?? 'head', at: new Date().toISOString(), byPackage, results });
  writeFileSync(`.tmp/mutation/${label}.json`, `${line}\n`);
  console.log(line);
  process.exitCode = results.some((r) => r.verdict === 'stale') ? 1 : 0;
}
