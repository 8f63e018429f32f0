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
    expect(webhooks.DEFAULT_TIMEOUT_MS).toBe(15_000);
    expect(webhooks.DEFAULT_MAX_BODY_BYTES).toBe(4096);
    expect(webhooks.MAX_URL_LENGTH).toBe(2048);
  });
});
