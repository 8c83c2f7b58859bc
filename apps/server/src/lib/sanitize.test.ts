import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_TAGS } from '@oasis/shared/rich-text';
import { sanitizeArabicRichHtml, sanitizeRichHtml } from './sanitize.ts';

/** Every element and attribute name in the HTML, in order of appearance (attributes as tag@name). */
function namesIn(html: string): { tags: string[]; attributes: string[] } {
  const tags: string[] = [];
  const attributes: string[] = [];
  for (const [, tag, rest] of html.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/g)) {
    tags.push(tag!);
    for (const [, name] of rest!.matchAll(/\s([a-z-]+)=/g)) attributes.push(`${tag}@${name}`);
  }
  return { tags, attributes };
}

describe('the shared allow-list', () => {
  // The editor's preview is built from the same lists (apps/web rich-text-preview), so the two agree.
  it('keeps exactly the shared elements, each with exactly its shared attributes', () => {
    const everyAttribute =
      'href="https://example.com/x" target="_blank" rel="x" src="https://example.com/a.jpg" alt="A" width="10" height="20" dir="rtl" title="t" class="c" style="color:red" onclick="x()"';
    const outside = ['div', 'span', 'h1', 'h5', 'table', 'font', 'svg', 'video', 'button', 'label', 'u2'];
    const html = [...RICH_TEXT_TAGS, ...outside].map((tag) => `<${tag} ${everyAttribute}>${tag}</${tag}>`).join('');
    const kept = namesIn(sanitizeRichHtml(html));
    expect(new Set(kept.tags)).toEqual(new Set(RICH_TEXT_TAGS));
    const sharedAttributes = Object.entries(RICH_TEXT_ATTRIBUTES).flatMap(([tag, names]) =>
      names.map((name) => `${tag}@${name}`),
    );
    expect(new Set(kept.attributes)).toEqual(new Set(sharedAttributes));
  });

  it('drops the shared list of elements together with their content', () => {
    // <embed> is a void element: it has no content to drop.
    for (const tag of RICH_TEXT_DROPPED_WITH_CONTENT.filter((t) => t !== 'embed')) {
      expect(sanitizeRichHtml(`<p>kept</p><${tag}>gone</${tag}>`), tag).toBe('<p>kept</p>');
    }
  });
});

describe('sanitizeRichHtml', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> <code>x</code></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><p>a<br>b</p><hr>' +
      '<pre><code>const a = 1;</code></pre>';
    // Void elements come back in their self-closing form.
    expect(sanitizeRichHtml(html)).toBe(html.replace('<br>', '<br />').replace('<hr>', '<hr />'));
  });

  it('keeps a block’s direction (rtl, ltr or auto) and drops any other value', () => {
    const html =
      '<h2 dir="rtl">عنوان</h2><p dir="rtl">فقرة</p><p dir="ltr">Text</p><p dir="auto">x</p>' +
      '<ul dir="rtl"><li dir="rtl">بند</li></ul><ol dir="ltr"><li>one</li></ol><blockquote dir="rtl"><p>اقتباس</p></blockquote>';
    expect(sanitizeRichHtml(html)).toBe(html);
    expect(sanitizeRichHtml('<p dir="evil">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichHtml('<h3 dir="rtl onmouseover=alert(1)">x</h3>')).toBe('<h3>x</h3>');
    expect(sanitizeRichHtml('<p dir="RTL">x</p><li dir="">y</li>')).toBe('<p>x</p><li>y</li>');
    // Only blocks carry a direction: not links, images or inline text.
    expect(sanitizeRichHtml('<p><strong dir="rtl">b</strong><a href="/x" dir="rtl">a</a></p>')).toBe(
      '<p><strong>b</strong><a href="/x">a</a></p>',
    );
  });

  it('removes script elements with their content', () => {
    expect(sanitizeRichHtml('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>');
    expect(sanitizeRichHtml('<p>Hi<script src="https://evil.example/x.js"></script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichHtml('<SCRIPT>alert(1)</SCRIPT><p>x</p>')).toBe('<p>x</p>');
  });

  it('removes event handlers', () => {
    const out = sanitizeRichHtml('<img src="https://example.com/a.jpg" onerror="alert(1)"><p onclick="x()">t</p>');
    expect(out).toBe('<img src="https://example.com/a.jpg" /><p>t</p>');
    expect(sanitizeRichHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeRichHtml('<svg onload=alert(1)><circle /></svg>')).toBe('');
  });

  it('removes javascript: and data: links', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ])
      expect(sanitizeRichHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
  });

  it('keeps http, https, mailto and relative links and forces rel on new tabs', () => {
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    for (const link of ['<a href="mailto:a@b.co">m</a>', '<a href="/courses">c</a>']) {
      expect(sanitizeRichHtml(link)).toBe(link);
    }
    expect(sanitizeRichHtml('<a href="http://example.com" target="_top">x</a>')).toBe(
      '<a href="http://example.com">x</a>',
    );
  });

  it('drops style attributes and style elements', () => {
    for (const html of [
      '<p style="background:url(javascript:alert(1))">t</p>',
      '<style>body{display:none}</style><p>t</p>',
      '<p class="x" id="y">t</p>',
    ]) {
      expect(sanitizeRichHtml(html), html).toBe('<p>t</p>');
    }
  });

  it('drops iframes, objects, embeds, forms and their content', () => {
    expect(sanitizeRichHtml('<iframe src="https://evil.example"></iframe><p>t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichHtml('<object data="x.swf"></object><embed src="x.swf"><p>t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichHtml('<form action="https://evil.example"><input name="a"><button>b</button></form>')).toBe('b');
    expect(sanitizeRichHtml('<math><mi xlink:href="javascript:alert(1)">x</mi></math>')).toBe('x');
  });

  it('limits image sources to our media and https', () => {
    expect(sanitizeRichHtml('<img src="/media/images/abc/640.jpg" alt="A" width="640" height="360">')).toBe(
      '<img src="/media/images/abc/640.jpg" alt="A" width="640" height="360" />',
    );
    for (const src of [
      'http://example.com/a.jpg',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'javascript:alert(1)',
      '//evil.example/a.jpg',
      '/api/auth/logout',
    ])
      expect(sanitizeRichHtml(`<img src="${src}">`), src).toBe('');
    expect(sanitizeRichHtml('<img src="https://example.com/a.jpg" width="100%">')).toBe(
      '<img src="https://example.com/a.jpg" />',
    );
  });

  it('reads a media path as the browser will before allowing it', () => {
    for (const src of ['/media/./../x', '/media/%2e%2e/x', '/media/..%2fx', '\\media\\..', '/media/..\\api/x']) {
      expect(sanitizeRichHtml(`<p>t</p><img src="${src}">`), src).toBe('<p>t</p>');
    }
    // A path that stays under /media/ is kept in its plain form: what is stored is what was checked.
    expect(sanitizeRichHtml('<img src="/media//images/./abc/640.jpg">')).toBe(
      '<img src="/media/images/abc/640.jpg" />',
    );
  });

  it('escapes text so markup cannot be smuggled through it', () => {
    expect(sanitizeRichHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(sanitizeRichHtml('<p>"><img src=x onerror=alert(1)></p>')).toBe('<p>"&gt;</p>');
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeRichHtml('')).toBe('');
    expect(sanitizeRichHtml(null)).toBe('');
    expect(sanitizeRichHtml(undefined)).toBe('');
  });
});

describe('the Arabic twin of a rich text', () => {
  it('is reduced like the English, and empty when nothing is left to show', () => {
    expect(sanitizeArabicRichHtml('<p dir="rtl">نص</p><script>alert(1)</script>')).toBe('<p dir="rtl">نص</p>');
    for (const empty of [undefined, '', '<p></p>', '<p> </p><script>x()</script>', '<h2><br></h2>'])
      expect(sanitizeArabicRichHtml(empty), String(empty)).toBe('');
    expect(sanitizeArabicRichHtml('<p><img src="https://example.com/a.jpg" alt=""></p>')).toMatch(/^<p><img/);
  });
});
