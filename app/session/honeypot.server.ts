import type { AppLoadContext } from 'react-router';
import type { HoneypotInputProps } from 'remix-utils/honeypot/server';
import { sealValue, unsealValue } from './cookie.server';

/**
 * Honeypot of the register and password-reset forms: remix-utils' `HoneypotInputs`
 * renders a hidden text field bots fill in and a sealed "valid from" stamp. The check
 * is ours (remix-utils' own needs @oslojs/crypto): both fields must be present, the
 * trap empty and the stamp sealed by this portal, not in the future and at most a day old.
 */

export const HONEYPOT_NAME_FIELD = 'name__confirm';
export const HONEYPOT_VALID_FROM_FIELD = 'from__confirm';
const VALID_FOR_SECONDS = 24 * 60 * 60;

export function honeypotInputProps(context: AppLoadContext, now = Date.now()): HoneypotInputProps {
  return {
    nameFieldName: HONEYPOT_NAME_FIELD,
    validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
    encryptedValidFrom: sealValue({ at: now }, context.runtime.sessionSecrets, 'honeypot', VALID_FOR_SECONDS, now),
  };
}

/** true when the submission looks human (the honeypot is untouched). */
export function passesHoneypot(formData: FormData, context: AppLoadContext, now = Date.now()): boolean {
  const trap = formData.get(HONEYPOT_NAME_FIELD);
  const stamp = formData.get(HONEYPOT_VALID_FROM_FIELD);
  if (trap !== '' || typeof stamp !== 'string') return false;
  const sealed = unsealValue<{ at: number }>(stamp, context.runtime.sessionSecrets, 'honeypot', now);
  return Boolean(sealed && typeof sealed.at === 'number' && sealed.at <= now);
}
