import { useCallback } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]';

/** What Tab can reach inside `container`, in order: focusable, not taken out of the order, shown. */
function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * Keeps keyboard focus inside a modal dialog: on mount it moves focus to the element marked
 * `data-autofocus` (the dialog itself, or else the first one Tab reaches), and Tab and
 * Shift+Tab wrap around at the ends. Returns the ref for the dialog's element.
 */
export function useFocusTrap<T extends HTMLElement>() {
  return useCallback((container: T | null) => {
    if (!container) return;
    if (!container.contains(document.activeElement)) {
      (container.matches('[data-autofocus]') ? container : (container.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(container)[0]))?.focus();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const reachable = tabbables(container);
      const first = reachable[0];
      const last = reachable[reachable.length - 1];
      const active = document.activeElement;
      // The dialog itself (focused on opening) counts as outside: Tab goes to its first control.
      const outside = !container.contains(active) || active === container;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
