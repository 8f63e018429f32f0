import { describe, expect, it } from 'vitest';
import * as webhooks from './index';

describe('the public entry', () => {
  it('offers the functions the API codes against', () => {
    for (const name of [
      'generateSecret',
      'sign',
      'webhookHeaders',
      'checkWebhookUrl',
      'isAllowedAddress',
      'sendWebhook',
    ]) {
      expect(typeof (webhooks as Record<string, unknown>)[name], name).toBe('function');
    }
    // The figures themselves are judged by what they do: send-default-timeout.test.ts (15 s),
    // send.test.ts (a body capped at 4096 bytes), url-policy.test.ts (2048 characters, the contract's).
    for (const name of ['DEFAULT_TIMEOUT_MS', 'DEFAULT_MAX_BODY_BYTES', 'MAX_URL_LENGTH'])
      expect(typeof (webhooks as Record<string, unknown>)[name], name).toBe('number');
  });
});
