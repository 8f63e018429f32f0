import { App, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../src/config';

const configFor = (context: Record<string, unknown>) => stageConfig(new App({ context }).node);

describe('the stage settings from context', () => {
  it('default to a dev stage that tears down cleanly', () => {
    expect(configFor({})).toMatchObject({
      stage: 'dev',
      production: false,
      removalPolicy: RemovalPolicy.DESTROY,
      logRetention: RetentionDays.ONE_WEEK,
      allowedOrigins: ['*'],
      alarmEmail: undefined,
    });
  });

  it('make prod the production stage: retained, logs kept longer', () => {
    expect(configFor({ stage: 'prod' })).toMatchObject({
      stage: 'prod',
      production: true,
      removalPolicy: RemovalPolicy.RETAIN,
      logRetention: RetentionDays.THREE_MONTHS,
    });
  });

  it('refuse what would fail later, at deploy time', () => {
    expect(() => configFor({ stage: 'Prod!' })).toThrow(/stage/);
    expect(() => configFor({ alarmEmail: 'not an address' })).toThrow(/alarmEmail/);
    expect(() => configFor({ allowedOrigins: 'example.com' })).toThrow(/allowedOrigins/);
    expect(() => configFor({ throttleRate: 'fast' })).toThrow(/throttleRate/);
    expect(() => configFor({ throttleBurst: 0 })).toThrow(/throttleBurst/);
  });

  it('throttle the whole API at 50 requests/s (bursts of 100) unless told otherwise', () => {
    expect(configFor({}).throttle).toEqual({ rateLimit: 50, burstLimit: 100 });
    expect(configFor({ throttleRate: '500', throttleBurst: 1000 }).throttle).toEqual({
      rateLimit: 500,
      burstLimit: 1000,
    });
  });

  it('read a list of origins from a comma-separated string or a JSON array', () => {
    expect(configFor({ allowedOrigins: 'https://a.example, http://localhost:5173' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    expect(configFor({ allowedOrigins: ['https://a.example'] }).allowedOrigins).toEqual(['https://a.example']);
  });
});
