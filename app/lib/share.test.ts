import { describe, expect, it } from 'vitest';
import { qqShareUrl, shareDescription, weiboShareUrl } from './share';

describe('share description', () => {
  it('keeps 100 characters as they are', () => {
    const text = '数'.repeat(100);
    expect(shareDescription(text)).toBe(text);
  });
  it('cuts 101 characters to 97 plus an ellipsis', () => {
    const text = '据'.repeat(101);
    expect(shareDescription(text)).toBe(`${'据'.repeat(97)}...`);
  });
  it('counts characters, not UTF-16 units, and folds white space', () => {
    expect(Array.from(shareDescription('𠀀'.repeat(120))).length).toBe(100);
    expect(shareDescription('  数据\n\n法学  ')).toBe('数据 法学');
  });
  it('builds QQ and Weibo links with encoded parameters', () => {
    expect(qqShareUrl('https://x.cn/a?b=1', '标题', '描述')).toContain('url=https%3A%2F%2Fx.cn%2Fa%3Fb%3D1');
    expect(weiboShareUrl('https://x.cn/', '标题')).toContain('title=%E6%A0%87%E9%A2%98');
  });
});
