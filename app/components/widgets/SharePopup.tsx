import { toast } from '~/components/layout/toasts';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { qqShareUrl, shareDescription, weiboShareUrl } from '~/lib/share';
import classes from './SharePopup.module.css';

interface SharePopupProps {
  /** Absolute URL of the page being shared. */
  url: string;
  title: string;
  description?: string;
  /** Opens upwards/leftwards, for the floating panel. */
  placement?: 'down' | 'left';
  trigger?: React.ReactNode;
  triggerClassName?: string;
}

/**
 * Share popup (docs/product.md#screens): WeChat (QR code dialog), QQ, Weibo, copy link, and
 * on phones the system's share sheet (`navigator.share`) where the browser has one.
 * Built on <details> so it opens without JavaScript; the QR code is an SVG drawn on the
 * server (/qrcode.svg), so no QR library is shipped to the browser. A phone cannot scan a
 * code on its own screen: there (narrow or touch screens, decided in CSS so it holds without
 * JavaScript) the QR code gives way to the system sheet and to copying the link for WeChat.
 *
 * Keyboard (a non-modal disclosure, so focus is not trapped): Enter/Space on the trigger
 * opens it, Tab walks through its targets, Esc closes it and puts focus back on the
 * trigger; tabbing out of it or clicking elsewhere closes it too.
 */
export function SharePopup({ url, title, description = '', placement = 'down', trigger = '分享', triggerClassName }: SharePopupProps) {
  const [canCopy, setCanCopy] = useState(false);
  // Phones offer their own share sheet (WeChat, messages, notes…): shown once the browser says it has one.
  const [canShareNatively, setCanShareNatively] = useState(false);
  useEffect(() => {
    setCanCopy(typeof navigator !== 'undefined' && !!navigator.clipboard);
    setCanShareNatively(typeof navigator !== 'undefined' && typeof navigator.share === 'function');
  }, []);
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const root = details.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !root) return;
      event.preventDefault();
      root.open = false;
      root.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (root && !root.contains(event.target as Node)) root.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDetailsElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) event.currentTarget.open = false;
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ message: '链接已复制，可粘贴到微信等应用发送', tone: 'success', durationMs: 2500 });
    } catch {
      toast.show({ message: '复制失败，请手动复制链接', tone: 'error', durationMs: 5000 });
    }
  };

  const shareNatively = async () => {
    try {
      await navigator.share({ title, text: shareDescription(description), url });
      if (details.current) details.current.open = false;
    } catch {
      // The reader closed the sheet: nothing to say.
    }
  };

  return (
    <details
      ref={details}
      className={`${classes.share} ${placement === 'left' ? classes.up : ''}`}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onBlur={closeWhenFocusLeaves}
    >
      <summary className={triggerClassName} aria-label="分享">
        {trigger}
      </summary>
      <div className={classes.panel} role="group" aria-label="分享到">
        {canShareNatively ? (
          <button type="button" className={`${classes.target} ${classes.native}`} onClick={shareNatively}>
            分享到微信等应用…
          </button>
        ) : null}
        <div className={classes.targets}>
          <details className={classes.wechat}>
            <summary className={classes.target}>微信</summary>
            <div className={classes.qrBox}>
              <img
                className={classes.qr}
                src={`/qrcode.svg?text=${encodeURIComponent(url)}`}
                alt={`「${title}」页面二维码`}
                loading="lazy"
                width={160}
                height={160}
              />
              <p className={classes.qrHint}>打开微信“扫一扫”，分享到朋友圈</p>
            </div>
          </details>
          <a className={classes.target} href={qqShareUrl(url, title, description)} target="_blank" rel="noopener noreferrer">
            QQ
          </a>
          <a className={classes.target} href={weiboShareUrl(url, `${title} ${shareDescription(description)}`.trim())} target="_blank" rel="noopener noreferrer">
            微博
          </a>
        </div>
        <p className={classes.phoneHint}>分享到微信：复制下方链接，在微信聊天中粘贴发送</p>
        <div className={classes.copyRow}>
          <input readOnly value={url} aria-label="页面链接" onFocus={(event) => event.currentTarget.select()} />
          {canCopy ? (
            <button type="button" className={classes.target} onClick={copyLink}>
              复制链接
            </button>
          ) : null}
        </div>
      </div>
    </details>
  );
}
