import { useEffect, useRef } from 'react';
import type { Flash } from '~/lib/flash';
import { useHydrated } from '~/lib/use-hydrated';
import classes from './FlashToast.module.css';
import { toast } from './toasts';

/**
 * Shows the flash message the root loader read (登录成功 1 s, errors 5 s): as a toast
 * once JavaScript runs, as a server-rendered note that fades out without it.
 */
export function FlashToast({ flash }: { flash: Flash | null }) {
  const hydrated = useHydrated();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    // A success (登录成功) supersedes what went wrong before it: no failure stays over the signed-in page.
    if (flash.tone === 'success') toast.clean();
    toast.show({ id: flash.id, message: flash.message, tone: flash.tone, durationMs: flash.durationMs });
  }, [flash]);
  if (!flash || hydrated) return null;
  return (
    <div
      role={flash.tone === 'error' ? 'alert' : 'status'}
      className={classes.flash}
      data-tone={flash.tone}
      style={{ animationDelay: `${flash.durationMs}ms` }}
    >
      {flash.message}
    </div>
  );
}
