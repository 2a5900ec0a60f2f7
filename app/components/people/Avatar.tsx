import { safeHref } from '~/lib/footer';
import classes from './people.module.css';

const PLACEHOLDER_COLORS = ['#0c51d6', '#1c7ed6', '#1098ad', '#0b7285', '#5f3dc4', '#3b5bdb', '#2b8a3e', '#c2255c'];

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
