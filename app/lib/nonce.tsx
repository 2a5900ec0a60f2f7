import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, provided by entry.server. In the browser, elements
 * React creates after hydration (the sign-in popup's <style>, for one) need it too: a
 * script can read the nonce the page's scripts carry, though the DOM does not show it.
 * A cached page has none (its CSP names hashes, server/inline-hashes.ts): that <style> is
 * allowed by its fixed hash (server/security.ts).
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function pageNonce(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

export function useNonce() {
  return useContext(NonceContext) || pageNonce();
}
