import { describe, expect, it } from 'vitest';
import {
  guardRedirectHref,
  loginActionHref,
  loginModeHref,
  pageContext,
  parseLoginMode,
  popupContext,
  safeGch,
  safeRedirectPath,
  signedInTarget,
  withLoginMode,
  withoutLoginParams,
} from './login-url';

describe('login modes', () => {
  it.each(['userLogin', 'userRegister', 'losePWD', 'wxLogin', 'bindMobile'])('knows %s', (mode) => expect(parseLoginMode(mode)).toBe(mode));
  it.each([null, '', 'userlogin', 'admin', 'toString'])('refuses %s', (mode) => expect(parseLoginMode(mode)).toBeNull());
});

describe('redirect targets stay on this site', () => {
  it.each([
    ['/personal', '/personal'],
    ['/personal?tab=message', '/personal?tab=message'],
    ['/upload?redirectGch=SJFX#top', '/upload?redirectGch=SJFX#top'],
    ['/a/../personal', '/personal'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/x?next=//evil.example', '/x?next=//evil.example'],
  ])('keeps %s', (value, expected) => expect(safeRedirectPath(value)).toBe(expected));
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '\\/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '///evil.example',
    '/\t/evil.example',
    '/\u000a/evil.example',
    'https://evil.example/',
    'HTTPS://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    'personal',
    '/x\u0000y',
    '/x\ny',
    '',
    null,
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (value) => expect(safeRedirectPath(value)).toBeNull());
  it('takes a gch of letters, digits, _ and -', () => {
    expect(safeGch('SJFX')).toBe('SJFX');
    expect(safeGch('sj-fx_2')).toBe('sj-fx_2');
    expect(safeGch('SJ FX')).toBeNull();
    expect(safeGch('<x>')).toBeNull();
    expect(safeGch('x'.repeat(33))).toBeNull();
  });
});

describe('popup and page URLs', () => {
  it('opens and closes the popup over the same page, other parameters kept', () => {
    expect(withLoginMode('/journal', '?page=2', 'userRegister')).toBe('/journal?page=2&login=userRegister');
    expect(withoutLoginParams('/journal', '?page=2&login=losePWD&redirect=%2Fpersonal&gch=SJFX')).toBe('/journal?page=2');
    expect(withoutLoginParams('/', '?login=userLogin')).toBe('/');
  });

  it('a popup context: redirect and gch from the URL, the page under it as "from"', () => {
    expect(popupContext('/search', '?q=%E6%95%B0&login=userLogin&redirect=%2Fpersonal&gch=SJFX')).toEqual({
      redirect: '/personal',
      gch: 'SJFX',
      from: '/search?q=%E6%95%B0',
    });
    expect(popupContext('/login', '?login=userLogin').from).toBeNull();
  });

  it('the forms post to /login with the mode and the context; the /login page reads it back', () => {
    const context = { redirect: '/personal?tab=1', gch: null, from: '/journal?page=2' };
    const href = loginActionHref('userRegister', context);
    expect(href).toBe('/login?login=userRegister&redirect=%2Fpersonal%3Ftab%3D1&from=%2Fjournal%3Fpage%3D2');
    expect(pageContext(href.split('?')[1])).toEqual(context);
    expect(pageContext('?from=%2F%2Fevil.example').from).toBeNull();
    expect(pageContext('?from=%2Flogin%3Flogin%3DuserLogin').from).toBeNull();
  });

  it('after registering: the popup in login mode over the page it came from, or the /login page', () => {
    expect(loginModeHref('userLogin', { redirect: '/personal', gch: null, from: '/journal?page=2' })).toBe(
      '/journal?page=2&login=userLogin&redirect=%2Fpersonal',
    );
    expect(loginModeHref('userLogin', { redirect: null, gch: 'SJFX', from: null })).toBe('/login?login=userLogin&gch=SJFX');
  });

  it('after signing in (docs/product.md#sign-in): gch first, then the redirect, then stay', () => {
    expect(signedInTarget({ redirect: '/personal', gch: 'SJFX', from: '/' })).toBe('/upload?redirectGch=SJFX');
    expect(signedInTarget({ redirect: '/personal', gch: null, from: '/journal' })).toBe('/personal');
    expect(signedInTarget({ redirect: null, gch: null, from: '/journal?page=2' })).toBe('/journal?page=2');
    expect(signedInTarget({ redirect: null, gch: null, from: null })).toBe('/');
  });
});

describe('guard (docs/product.md#guard)', () => {
  it('back to the previous page with the popup open and the intended path and query', () => {
    expect(guardRedirectHref('/personal?tab=message', '/search?q=x')).toBe('/search?q=x&login=userLogin&redirect=%2Fpersonal%3Ftab%3Dmessage');
  });
  it('home when there is no previous page, or it is the protected page itself or /login', () => {
    expect(guardRedirectHref('/personal', null)).toBe('/?login=userLogin&redirect=%2Fpersonal');
    expect(guardRedirectHref('/personal?tab=2', '/personal?tab=1')).toBe('/?login=userLogin&redirect=%2Fpersonal%3Ftab%3D2');
    expect(guardRedirectHref('/upload', '/login?login=userLogin')).toBe('/?login=userLogin&redirect=%2Fupload');
  });
  it('drops the popup parameters of the previous page', () => {
    expect(guardRedirectHref('/upload', '/journal?login=userLogin&redirect=%2Fx')).toBe('/journal?login=userLogin&redirect=%2Fupload');
  });
});
