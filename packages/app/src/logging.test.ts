import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel } from './logging';

function collecting(options: Parameters<typeof createLogger>[0] = {}) {
  const lines: { line: Record<string, unknown>; level: LogLevel }[] = [];
  const logger = createLogger({ ...options, write: (line, level) => lines.push({ line: JSON.parse(line), level }) });
  return { logger, lines };
}

const request = (status: number, ms = 1) =>
  ({ level: status >= 500 ? 'error' : 'info', msg: 'request', status, ms }) as const;

describe('the logger', () => {
  it('drops records below its level, and writes the rest as JSON lines with their time', () => {
    const { logger, lines } = collecting({ level: 'warn' });
    logger({ level: 'debug', msg: 'a' });
    logger({ level: 'info', msg: 'b' });
    logger({ level: 'warn', msg: 'c', gameId: 'g1' });
    logger({ level: 'error', msg: 'd' });
    expect(lines.map((l) => [l.level, l.line.msg])).toEqual([
      ['warn', 'c'],
      ['error', 'd'],
    ]);
    expect(lines[0]?.line).toMatchObject({ level: 'warn', msg: 'c', gameId: 'g1' });
    expect(Number.isNaN(Date.parse(String(lines[0]?.line.time)))).toBe(false);
  });

  it('keeps one in N request lines of requests that went well, and every other one', () => {
    const { logger, lines } = collecting({ sampleRequests: 10, slowMs: 500 });
    for (let i = 0; i < 100; i++) logger(request(200));
    expect(lines).toHaveLength(10);
    logger(request(404));
    logger(request(503));
    logger(request(200, 800));
    logger({ level: 'info', msg: 'not a request line' });
    expect(lines.slice(10).map((l) => [l.line.status, l.line.msg])).toEqual([
      [404, 'request'],
      [503, 'request'],
      [200, 'request'],
      [undefined, 'not a request line'],
    ]);
    const all = collecting({ sampleRequests: 1 });
    for (let i = 0; i < 5; i++) all.logger(request(200));
    expect(all.lines).toHaveLength(5);
  });

  it('never writes the value of a field that names a secret', () => {
    const { logger, lines } = collecting();
    logger({ level: 'error', msg: 'oops', token: 'cf1.abc', Authorization: 'Bearer x', gameId: 'g1' });
    expect(lines[0]?.line).toMatchObject({ token: '[redacted]', Authorization: '[redacted]', gameId: 'g1' });
    expect(JSON.stringify(lines)).not.toContain('cf1.abc');
  });
});
