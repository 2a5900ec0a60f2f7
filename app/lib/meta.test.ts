import { describe, expect, it } from 'vitest';
import { pageMeta } from './meta';

const find = (tags: Record<string, string>[], key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content;

describe('pageMeta', () => {
  it('gives a shared link a card: title, description cut to 97 characters and an ellipsis, absolute URL and picture', () => {
    const tags = pageMeta({
      title: '数据出境安全评估',
      description: '据'.repeat(120),
      origin: 'https://journal.example.edu.cn',
      path: '/journal/detail?id=7',
      type: 'article',
    });
    expect(find(tags, 'og:title')).toBe('数据出境安全评估');
    expect(find(tags, 'og:description')).toBe(`${'据'.repeat(97)}...`);
    expect(find(tags, 'description')).toBe(`${'据'.repeat(97)}...`);
    expect(find(tags, 'og:url')).toBe('https://journal.example.edu.cn/journal/detail?id=7');
    expect(find(tags, 'og:type')).toBe('article');
    expect(find(tags, 'og:image')).toBe('https://journal.example.edu.cn/share-logo.png');
    expect(find(tags, 'og:image:width')).toBe('600');
    expect(find(tags, 'og:image:height')).toBe('600');
    expect(find(tags, 'og:image:alt')).toBe('数据法学期刊平台标志');
  });

  it('tells an article’s column and keywords, one tag each, and says what its cover shows', () => {
    const tags = pageMeta({
      title: '数据出境安全评估',
      origin: 'https://journal.example.edu.cn',
      type: 'article',
      image: 'https://cdn.example.edu.cn/cover.jpg',
      imageAlt: '《数据法学》封面',
      article: { publishedTime: '2025-04-15', authors: ['吴凯晨'], section: '数据治理', tags: ['数据出境', '安全评估'] },
    });
    expect(find(tags, 'og:image:alt')).toBe('《数据法学》封面');
    // The cover's size is not known to the portal: no made-up width.
    expect(find(tags, 'og:image:width')).toBeUndefined();
    expect(find(tags, 'article:section')).toBe('数据治理');
    expect(tags.filter((tag) => tag.property === 'article:tag').map((tag) => tag.content)).toEqual(['数据出境', '安全评估']);
  });

  it('uses a journal cover when it is a web address or a path on this site, and the logo for anything else', () => {
    const origin = 'https://journal.example.edu.cn';
    const picture = (image: string) => find(pageMeta({ title: 't', origin, image }), 'og:image');
    expect(picture('https://cdn.example.edu.cn/cover.jpg')).toBe('https://cdn.example.edu.cn/cover.jpg');
    expect(picture('HTTPS://CDN.example.edu.cn/cover.jpg')).toBe('https://cdn.example.edu.cn/cover.jpg');
    // The backend's image host path, proxied by the portal.
    expect(picture('/api/attachmentApi/fileBrowsing?hash=ab12')).toBe(`${origin}/api/attachmentApi/fileBrowsing?hash=ab12`);
    expect(picture('/a/../cover.png')).toBe(`${origin}/cover.png`);
    for (const elsewhere of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '\\\\evil.example/x.png',
      'ftp://cdn.example.edu.cn/x.png',
    ]) {
      expect(picture(elsewhere), elsewhere).toBe(`${origin}/share-logo.png`);
    }
  });

  it('keeps a short description whole, and without an origin makes no absolute URLs', () => {
    const tags = pageMeta({ title: '新闻资讯', description: '平台新闻' });
    expect(find(tags, 'og:description')).toBe('平台新闻');
    expect(find(tags, 'og:image')).toBeUndefined();
    expect(find(tags, 'og:url')).toBeUndefined();
  });
});
