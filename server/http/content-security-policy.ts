/**
 * The Content-Security-Policy of the main site's pages. Scripts come only from the site itself: the
 * server-rendered HTML has no inline executable script (the page state and JSON-LD are
 * non-executable `application/json` / `application/ld+json` blocks), so neither 'unsafe-inline'
 * nor 'unsafe-eval' is needed for scripts. The payment pages get a stricter policy of their own
 * (server/payment-pages/payment-page-policy.ts): their scripts are the inventory's files and their
 * gateways' origins, named one by one, and what breaks it is reported.
 */

/** Extra sources one page needs, by directive. */
export interface PageSources {
  script?: readonly string[];
  frame?: readonly string[];
  connect?: readonly string[];
  form?: readonly string[];
}

/** A form anywhere (popups too) may carry a reCAPTCHA, so every ordinary page may load it. */
const RECAPTCHA: PageSources = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/'],
};

function join(base: readonly string[], extra: readonly PageSources[], key: keyof PageSources): string {
  return [...new Set([...base, ...extra.flatMap((s) => s[key] ?? [])])].join(' ');
}

export interface PolicyParts {
  /** The script-src sources before the extras: `'self'` on ordinary pages, the inventory's files on payment pages. */
  scripts: readonly string[];
  extra: readonly PageSources[];
  /** Where violations are reported: the report-uri path and, over HTTPS, the Reporting-Endpoints group of report-to. */
  report?: { uri: string; group?: string };
}

/** A policy from its parts: every page shares the rest. */
export function policyOf(parts: PolicyParts): string {
  const { extra } = parts;
  return [
    "default-src 'self'",
    `script-src ${join(parts.scripts, extra, 'script')}`,
    // Inline style attributes and the widgets' shadow-root <style> elements: styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Content images and video thumbnails may live on other hosts (img.youtube.com).
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self' data:",
    `connect-src ${join(["'self'"], extra, 'connect')}`,
    // Videos (youtube-nocookie), the configured scheduler and a bank's 3-D Secure challenge are
    // frames of other origins, many of them: frames never run script in this page.
    `frame-src ${join(["'self'", 'https:'], extra, 'frame')}`,
    `form-action ${join(["'self'"], extra, 'form')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    ...(parts.report ? [`report-uri ${parts.report.uri}`, ...(parts.report.group ? [`report-to ${parts.report.group}`] : [])] : []),
  ].join('; ');
}

/** The policy of an ordinary page, with `more` sources for one answer (the test gateway's authentication form may post to a dealer). */
export function pagePolicy(more: readonly PageSources[] = []): string {
  return policyOf({ scripts: ["'self'"], extra: [RECAPTCHA, ...more] });
}
