/**
 * A message that survives a redirect (toasts, docs/product.md#errors): set by an action or loader in a
 * flash cookie, read and cleared by the root loader, shown once by the toaster.
 */
export type FlashTone = 'success' | 'error' | 'info';

export interface Flash {
  /** Unique per message, so the same text twice is shown twice. */
  id: string;
  message: string;
  tone: FlashTone;
  /** How long the toast stays (docs/product.md#constants: errors 5 s, 登录成功 1 s). */
  durationMs: number;
}

export const TOAST_ERROR_MS = 5000;
export const TOAST_LOGIN_SUCCESS_MS = 1000;
export const TOAST_SUCCESS_MS = 3000;
