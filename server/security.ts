import { createHash, randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/**
 * A fresh random value: the nonce of one streamed response, or the marker a cached page's
 * inline elements carry while it is rendered (server/inline-hashes.ts).
 */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Per-request nonce for scripts; React Router and React put it on every inline script. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = newNonce();
  next();
}

/** The CSP source of inline text with this exact content. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The one <style> element the browser adds after hydration: remix-utils' honeypot inputs
 * (the register and reset forms of the sign-in popup) hide themselves with it. A page
 * without a nonce (a cached one) allows it by its hash; an e2e test opens those forms.
 */
const HONEYPOT_STYLE = hashSource('.__honeypot_inputs { display: none; }');

export interface SecurityOptions {
  isProduction: boolean;
  /** Extra origins images may come from (the configured image hosts). */
  imageHosts: string[];
  /** Extra origins a form may post or redirect to (e.g. the WeChat authorisation host). */
  formTargets: string[];
}

/** What lets a document's own inline scripts and <style> elements run: a nonce, or their hashes. */
export interface InlineSources {
  scripts: string[];
  styles: string[];
}

/**
 * Scripts a document may run. With a nonce: the scripts carrying it and whatever they load
 * ('strict-dynamic'). With hashes: those inline scripts and our own files ('self'); a
 * browser passes no trust from a hash-allowed script to the modules it imports, so
 * 'strict-dynamic' would block the page's own modules. 'self' serves no script a visitor
 * can write: uploads and proxied answers go out with `nosniff` and a non-script type.
 * Nothing inline (a feed, a data answer): no script at all.
 */
function scriptSources(inline: string[]): string[] {
  if (inline.length === 0) return ["'none'"];
  return inline.some((source) => source.startsWith("'nonce-")) ? ["'strict-dynamic'", ...inline] : ["'self'", ...inline];
}

/** The Content-Security-Policy of a document whose inline elements are allowed by `inline`. */
export function contentSecurityPolicy(options: Pick<SecurityOptions, 'imageHosts' | 'formTargets'>, inline: InlineSources): string {
  const styleElements = ["'self'", ...inline.styles, HONEYPOT_STYLE];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', scriptSources(inline.scripts)],
    // Style sheets and <style> elements: our own files, or allowed by nonce or hash.
    // Inline `style` attributes stay allowed: components write their CSS variables there
    // (docs/decisions/0021-csp-style-attributes.md).
    ['style-src', styleElements],
    ['style-src-elem', styleElements],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...options.imageHosts]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'", ...options.formTargets]],
    // No upgrade-insecure-requests: HSTS and the gateway's redirect already keep
    // browsers on https, and the directive is an error on plain-http test hosts.
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/** The sources of a response whose inline elements carry `nonce`. */
export function nonceSources(nonce: string): InlineSources {
  return { scripts: [`'nonce-${nonce}'`], styles: [`'nonce-${nonce}'`] };
}

/**
 * The headers every document carries apart from its CSP: helmet's, worked out once (they do
 * not change per response), and the permissions policy. The page-cache hit lane
 * (server/cache-hit-lane.ts) writes the same list without Express.
 */
export function documentSecurityHeaders(options: Pick<SecurityOptions, 'isProduction'>): [string, string][] {
  const helmetMiddleware = helmet({
    // Written per response: its sources change.
    contentSecurityPolicy: false,
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
  });
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: string) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  helmetMiddleware({} as never, recorder as never, () => undefined);
  headers.push(['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()']);
  return headers;
}

export function securityHeaders(options: SecurityOptions) {
  const headers = documentSecurityHeaders(options);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // A cached page replaces this with the hashes stored beside its body (server/app.ts).
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(options, nonceSources(res.locals.cspNonce as string)));
    next();
  };
}

/**
 * Headers of proxied API answers (JSON and files): fixed, so computed once. No CSP: these
 * are not documents, and a CSP would stop the browser's PDF viewer on inline previews.
 */
export function apiSecurityHeaderList(isProduction: boolean): [string, string][] {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ...(isProduction ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as [string, string][]) : []),
  ];
}

export function apiSecurityHeaders(isProduction: boolean) {
  const headers = apiSecurityHeaderList(isProduction);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
