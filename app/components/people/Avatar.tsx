import { safeHref } from '~/lib/footer';
import classes from './people.module.css';

/** The discs' colours (tokens.css). */
const PLACEHOLDER_COLORS = [
  'var(--color-avatar-1)',
  'var(--color-avatar-2)',
  'var(--color-avatar-3)',
  'var(--color-avatar-4)',
  'var(--color-avatar-5)',
  'var(--color-avatar-6)',
  'var(--color-avatar-7)',
  'var(--color-avatar-8)',
];

/** The first character of a name (a Chinese surname, or an upper-cased initial). */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

/** The same name always gets the same placeholder colour. */
export function placeholderColor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return PLACEHOLDER_COLORS[hash % PLACEHOLDER_COLORS.length];
}

/**
 * A person's picture, or (no picture, or an unsafe address) their initial on a coloured
 * disc. Decorative: the name is always printed next to it.
 */
export function Avatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: 'md' | 'lg' }) {
  const href = src ? safeHref(src) : null;
  const className = `${classes.avatar} ${size === 'lg' ? classes.large : ''}`;
  if (href) return <img className={className} src={href} alt="" loading="lazy" width={size === 'lg' ? 112 : 64} height={size === 'lg' ? 112 : 64} />;
  return (
    <span className={className} style={{ background: placeholderColor(name) }} aria-hidden="true" data-placeholder="">
      {initialOf(name)}
    </span>
  );
}
