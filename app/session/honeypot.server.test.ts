import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_NAME_FIELD, HONEYPOT_VALID_FROM_FIELD, honeypotInputProps, passesHoneypot } from './honeypot.server';
import { sealValue } from './cookie.server';

const secrets = ['honeypot-test-secret-'.padEnd(40, 'x')];
const context = { runtime: { sessionSecrets: secrets } } as unknown as AppLoadContext;

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('honeypot', () => {
  const now = Date.UTC(2026, 0, 1);
  const { encryptedValidFrom } = honeypotInputProps(context, now);

  it('lets a human through: trap empty, stamp sealed by the portal', () => {
    expect(passesHoneypot(form({ [HONEYPOT_NAME_FIELD]: '', [HONEYPOT_VALID_FROM_FIELD]: encryptedValidFrom }), context, now + 5000)).toBe(true);
  });
  it('refuses a filled trap, a missing field, a forged, foreign, future or day-old stamp', () => {
    const ok = { [HONEYPOT_NAME_FIELD]: '', [HONEYPOT_VALID_FROM_FIELD]: encryptedValidFrom };
    expect(passesHoneypot(form({ ...ok, [HONEYPOT_NAME_FIELD]: 'bot' }), context, now)).toBe(false);
    expect(passesHoneypot(form({ [HONEYPOT_VALID_FROM_FIELD]: encryptedValidFrom }), context, now)).toBe(false);
    expect(passesHoneypot(form({ [HONEYPOT_NAME_FIELD]: '' }), context, now)).toBe(false);
    expect(passesHoneypot(form({ ...ok, [HONEYPOT_VALID_FROM_FIELD]: 'v1.forged' }), context, now)).toBe(false);
    // A value sealed for another purpose (the flash cookie's key) is no stamp.
    expect(passesHoneypot(form({ ...ok, [HONEYPOT_VALID_FROM_FIELD]: sealValue({ at: now }, secrets, 'flash', 60, now) }), context, now)).toBe(false);
    expect(passesHoneypot(form(ok), context, now - 1000)).toBe(false);
    expect(passesHoneypot(form(ok), context, now + 24 * 3600 * 1000 + 1)).toBe(false);
  });
});
