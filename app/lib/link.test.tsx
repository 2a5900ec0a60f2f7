import type { ComponentProps, ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Link as RouterLink, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link';

type Props = ComponentProps<typeof RouterLink>;

/** Server markup of a link rendered on a nested route page, as the portal's links are. */
function markup(Component: ComponentType<Props>, props: Props) {
  return renderToString(
    <MemoryRouter initialEntries={['/journal/detail/2024?id=7']}>
      <Routes>
        <Route path="journal">
          <Route path="detail/:year" element={<Component {...props} />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const cases: Props[] = [
  { to: '/', children: '首页' },
  { to: '/article/12', children: '论文', className: 'title' },
  { to: '/search?q=数据安全&field=title', children: '检索' },
  { to: '/journal/?', children: '尾斜杠' },
  { to: '/news/3#', children: '空锚点' },
  { to: '/news/3#comments', children: '锚点', target: '_blank', rel: 'noopener' },
  { to: '/expertAuthor/5', children: '作者', 'aria-current': 'page', discover: 'none' },
  { to: '/personal', children: '个人中心', prefetch: 'intent', replace: true, state: { from: 'x' }, preventScrollReset: true },
  { to: '/news/%E6%95%B0', children: '编码' },
  // Not plain: React Router's own <Link> resolves these, and the output must still agree.
  { to: 'detail/2025', children: '相对' },
  { to: '../list', children: '上一级' },
  { to: '/a//b/./c/../d', children: '规范化' },
  { to: { pathname: '/article/1', search: '?x=1' }, children: '对象' },
  { to: 'https://www.court.gov.cn/', children: '外链' },
];

describe('Link', () => {
  it.each(cases.map((props) => [JSON.stringify(props.to), props] as const))('writes the same server markup as React Router for %s', (_label, props) => {
    expect(markup(Link, props)).toBe(markup(RouterLink, props));
  });

  it('writes a plain absolute path into href unchanged', () => {
    expect(markup(Link, { to: '/search?q=数据', children: '检索' })).toBe('<a href="/search?q=数据" data-discover="true">检索</a>');
  });
});
