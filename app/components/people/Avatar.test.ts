import { describe, expect, it } from 'vitest';
import { initialOf, placeholderColor } from './Avatar';

describe('avatar placeholder', () => {
  it('shows the first character of the name: a surname, or an upper-cased initial', () => {
    expect(initialOf('朱红凯')).toBe('朱');
    expect(initialOf(' alice ')).toBe('A');
    expect(initialOf('𠮷田')).toBe('𠮷');
    expect(initialOf('')).toBe('?');
  });
  it('gives the same name the same colour', () => {
    expect(placeholderColor('朱红凯')).toBe(placeholderColor('朱红凯'));
    expect(placeholderColor('朱红凯')).toMatch(/^var\(--color-avatar-[1-8]\)$/);
  });
});
