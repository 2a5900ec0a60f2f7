import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { highlight, searchTerms } from './highlight';

const html = (text: string, terms: string[]) => renderToStaticMarkup(<>{highlight(text, terms)}</>);

describe('highlight', () => {
  it('marks every occurrence, case-insensitively', () => {
    expect(html('数据法学与数据安全', ['数据'])).toBe('<mark>数据</mark>法学与<mark>数据</mark>安全');
    expect(html('GDPR and gdpr', ['gdpr'])).toBe('<mark>GDPR</mark> and <mark>gdpr</mark>');
  });
  it('merges overlapping terms', () => {
    expect(html('个人信息保护法', ['个人信息', '信息保护'])).toBe('<mark>个人信息保护</mark>法');
  });
  it('escapes text: a hostile title stays text', () => {
    expect(html('<script>数据</script>', ['数据'])).toBe('&lt;script&gt;<mark>数据</mark>&lt;/script&gt;');
  });
  it('splits queries into terms', () => {
    expect(searchTerms('  数据  安全 数据 ')).toEqual(['数据', '安全']);
  });
});
