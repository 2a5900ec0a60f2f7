import type { FlashTone } from '~/lib/flash';

/**
 * Short messages over the page (复制成功, a refused form…), shown by the <Toaster> in the
 * root layout. A plain store outside React: any event handler can show one.
 */
export type ToastTone = FlashTone | 'warning';

export interface Toast {
  id: string;
  message: string;
  tone: ToastTone;
  /** The same words are on the page already (a form's message): shown, not read out a second time. */
  echo?: boolean;
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export const toast = {
  /** Shows a message for `durationMs`; a message with the id of a shown one replaces it. */
  show({ message, tone, durationMs, echo, id = `toast-${++counter}` }: { message: string; tone: ToastTone; durationMs: number; echo?: boolean; id?: string }) {
    clearTimeout(timers.get(id));
    publish([...toasts.filter((shown) => shown.id !== id), { id, message, tone, echo }]);
    timers.set(
      id,
      setTimeout(() => toast.dismiss(id), durationMs),
    );
  },
  dismiss(id: string) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    if (toasts.some((shown) => shown.id === id)) publish(toasts.filter((shown) => shown.id !== id));
  },
  /** Removes every message shown. */
  clean() {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    if (toasts.length > 0) publish([]);
  },
};

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const shownToasts = () => toasts;
