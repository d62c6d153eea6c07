import { describe, expect, it } from 'vitest';
import { safeInlineHtml } from './inline-html';

describe('safeInlineHtml', () => {
  it('keeps simple formatting and safe links', () => {
    expect(safeInlineHtml('<p>Call <strong>us</strong> or <a href="/contact">write</a>.</p>')).toBe('<p>Call <strong>us</strong> or <a href="/contact">write</a>.</p>');
    expect(safeInlineHtml('<a href="https://x.test/?a=1&b=2" target="_blank">x</a>')).toBe('<a href="https://x.test/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>');
  });
  it('escapes scripts, handlers and unsafe links', () => {
    expect(safeInlineHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(safeInlineHtml('<p onclick="x()">a</p>')).toBe('&lt;p onclick=&quot;x()&quot;&gt;a</p>');
    expect(safeInlineHtml('<a href="javascript:alert(1)">a</a>')).not.toContain('<a href');
    expect(safeInlineHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});
