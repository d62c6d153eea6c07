import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text-html';

/** Attacks an operator's rich text might carry, pasted or on purpose: none may reach a visitor. */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<p onclick="alert(1)" onmouseover=alert(1)>hi</p>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<h2 style="position:fixed;inset:0">cover</h2>',
  '<style>body{display:none}</style>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<!--<script>alert(1)</script>-->',
  '<a href="/ok" onfocus="alert(1)" autofocus>x</a>',
  '<template><script>alert(1)</script></template>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
];

describe('sanitizeRichText', () => {
  it.each(ATTACKS)('lets no script, event handler, style, frame or javascript: link through: %s', (attack) => {
    const out = sanitizeRichText(`<p>Before</p>${attack}<p>After</p>`);
    expect(out).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|img|form|base|meta|link|template|noscript)\b/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/\sstyle\s*=/i);
    expect(out).not.toMatch(/\ssrcdoc\s*=/i);
    expect(out).not.toMatch(/(java|vb)script\s*:/i);
    expect(out).not.toMatch(/href="\s*data:/i);
    expect(out).toContain('<p>Before</p>');
    expect(out).toContain('<p>After</p>');
  });

  it('keeps paragraphs, headings h2-h4, bold, italic, lists and line breaks as written', () => {
    const html = '<h2>Our story</h2><p>Made <strong>by hand</strong>, <b>in Ohio</b>, <em>since</em> <i>1982</i>.<br>Still.</p><h3>How</h3><h4>Why</h4><ul><li>Oak</li></ul><ol><li>One</li></ol>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('keeps http, https, mailto and site links; other sites get rel="noopener"; anything else loses its href', () => {
    expect(sanitizeRichText('<a href="/contact">c</a>')).toBe('<a href="/contact">c</a>');
    expect(sanitizeRichText('<a href="mailto:hello@example.com">m</a>')).toBe('<a href="mailto:hello@example.com">m</a>');
    expect(sanitizeRichText('<a href="https://example.com/a" target="_blank" rel="opener">e</a>')).toBe('<a href="https://example.com/a" rel="noopener">e</a>');
    expect(sanitizeRichText('<a href="http://example.com">e</a>')).toBe('<a href="http://example.com" rel="noopener">e</a>');
    expect(sanitizeRichText('<a href="//evil.example">p</a>')).toBe('<a>p</a>');
    expect(sanitizeRichText('<a href="ftp://example.com">f</a>')).toBe('<a>f</a>');
    expect(sanitizeRichText('<a href="contact">r</a>')).toBe('<a>r</a>');
  });

  it('drops other tags but keeps their text, and drops the class, id and title of kept tags', () => {
    expect(sanitizeRichText('<h1>Title</h1><div class="x"><p id="p" class="lead" title="t">Text</p></div><table><tr><td>cell</td></tr></table>')).toBe('Title<p>Text</p>cell');
  });
});
