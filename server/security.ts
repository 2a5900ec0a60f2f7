import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** Per-request nonce for scripts; React Router and Mantine put it on every inline script. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

export interface SecurityOptions {
  isProduction: boolean;
  /** Extra origins images may come from (the configured image hosts). */
  imageHosts: string[];
  /** Extra origins a form may post or redirect to (e.g. the WeChat authorisation host). */
  formTargets: string[];
}

export function securityHeaders(options: SecurityOptions) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  const helmetMiddleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'strict-dynamic'", nonce],
        // Style sheets and <style> elements: our own files, or carrying this response's nonce.
        // Inline `style` attributes stay allowed: Mantine writes its components' CSS
        // variables there (docs/decisions/0021-csp-style-attributes.md).
        styleSrc: ["'self'", nonce],
        styleSrcElem: ["'self'", nonce],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...options.imageHosts],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...options.formTargets],
        // No upgrade-insecure-requests: HSTS and the gateway's redirect already keep
        // browsers on https, and the directive is an error on plain-http test hosts.
      },
    },
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
  });
  return [
    helmetMiddleware,
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
      next();
    },
  ];
}

/**
 * Headers of proxied API answers (JSON and files): fixed, so computed once. No CSP: these
 * are not documents, and a CSP would stop the browser's PDF viewer on inline previews.
 */
export function apiSecurityHeaders(isProduction: boolean) {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ...(isProduction ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as [string, string][]) : []),
  ];
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
