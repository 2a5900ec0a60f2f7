import vm from 'node:vm';
import { JSDOM } from 'jsdom';
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGES_WITH_BACKEND_TEXT } from '../tests/support/public-pages';
import { builtPortalForSuite } from '../tests/support/built-portal';

/**
 * A document carries its loader data a second time, for hydration: every text in it is
 * downloaded and parsed by every reader. So a page hands over what it shows, not the whole
 * backend record (the recommendations' abstracts, the biographies behind the cards, each
 * listed article's funds and affiliations). Read as the browser reads it: the page's own
 * scripts fill React Router's stream, its decoder decodes it. Every long text must appear
 * on the page: in its text, an attribute, or its head (title, meta tags, structured data).
 */
/** Texts shorter than this (names, dates, labels) are not worth a rule. */
const LONG = 40;
/** Shown on request, in the browser: the article's ready-made citations (the 引用 dialog). */
const ON_REQUEST = new Set(['routes/journal/article.citation.zh', 'routes/journal/article.citation.en']);
/** The personal centre and the submission form, as the seeded author sees them. */
const SIGNED_IN_PAGES = [
  '/personal',
  '/personal/manuscripts',
  '/personal/manuscripts/1',
  '/personal/manuscripts/achievements',
  '/personal/message',
  '/personal/account',
  '/personal/histroy',
  '/upload',
];

async function handedOver(html: string): Promise<Record<string, unknown>> {
  const dom = new JSDOM(html);
  const sandbox = { window: {} as { __reactRouterContext?: { stream: ReadableStream<Uint8Array> } }, ReadableStream, TextEncoderStream };
  vm.createContext(sandbox);
  for (const script of dom.window.document.querySelectorAll('script:not([type])')) {
    if (script.textContent?.includes('__reactRouterContext')) vm.runInContext(script.textContent, sandbox);
  }
  const stream = sandbox.window.__reactRouterContext?.stream;
  if (!stream) throw new Error('no loader data in the document');
  const decoded = await decodeViaTurboStream(stream, globalThis);
  await decoded.done;
  return (decoded.value as { loaderData: Record<string, unknown> }).loaderData;
}

/** Every string of `value` with its path, e.g. `routes/home.selected.0.title`. */
function* strings(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) yield* strings(inner, at ? `${at}.${key}` : key);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a reader or a machine sees of the page: its text, its attribute values, its head's structured data. */
function shown(html: string): string {
  const { document } = new JSDOM(html).window;
  for (const script of document.querySelectorAll('script:not([type="application/ld+json"])')) script.remove();
  // Links and COinS carry texts URL-encoded (a PDF's file name, an article's title).
  const attributes = [...document.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].flatMap((attribute) => [attribute.value, decoded(attribute.value)]),
  );
  const structured = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.stringify(JSON.parse(script.textContent ?? '')));
  return squash([document.documentElement.textContent ?? '', ...attributes, ...structured].join('\n'));
}

/** The visible parts of a text: its paragraphs, and an HTML text's words rather than its tags. */
function parts(text: string): string[] {
  const plain = /<[a-z]/i.test(text) ? (JSDOM.fragment(text).textContent ?? '') : text;
  return plain
    .split(/\n+/)
    .map(squash)
    .filter((part) => part.length > 0);
}

describe('the loader data a document hands to the browser', () => {
  const running = builtPortalForSuite();
  let cookie: string | undefined;
  /** The seeded author's session cookie, signed in once for the suite. */
  async function signedIn(): Promise<string> {
    if (cookie) return cookie;
    const response = await fetch(`${running.portal.url}/login?login=userLogin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: running.portal.url },
      body: new URLSearchParams({ intent: 'userLogin', username: 'demo_author', password: 'Demo@2026', agreement: 'on' }),
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith('journalData-token='));
    if (!session) throw new Error(`demo_author could not sign in (${response.status})`);
    cookie = session.split(';')[0]!;
    return cookie;
  }

  /** The long texts of the page's loader data that the page does not show. */
  async function unseenTexts(pagePath: string, cookie?: string): Promise<string[]> {
    const response = await fetch(running.portal.url + pagePath, { headers: cookie ? { Cookie: cookie } : {} });
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = shown(html);
    const unseen: string[] = [];
    for (const [at, text] of strings(await handedOver(html), '')) {
      if (text.length < LONG || ON_REQUEST.has(at)) continue;
      if (!parts(text).every((part) => page.includes(part))) unseen.push(`${at}: ${text.slice(0, 30)}…`);
    }
    return unseen;
  }

  // The sign-in page's frame has no footer and no notice: their data stays with the site's frame.
  it.each([...PAGES_WITH_BACKEND_TEXT, '/login'])('%s carries no long text it does not show', async (pagePath) => {
    expect(await unseenTexts(pagePath)).toEqual([]);
  });

  it.each(SIGNED_IN_PAGES)('%s, signed in, carries no long text it does not show', async (pagePath) => {
    expect(await unseenTexts(pagePath, await signedIn())).toEqual([]);
  });
});
