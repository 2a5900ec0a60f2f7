/** Closing the reminder box sets the `customer` cookie for one day (docs/product.md#session). */
export const REMINDER_COOKIE = 'customer';
export const REMINDER_MAX_AGE_SECONDS = 24 * 60 * 60;

export function reminderCookie(secure: boolean): string {
  return `${REMINDER_COOKIE}=1; Path=/; Max-Age=${REMINDER_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
