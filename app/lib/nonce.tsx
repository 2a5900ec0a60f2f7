import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, provided by entry.server. In the browser it is empty:
 * the nonce only matters for the scripts in the server-rendered document.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
