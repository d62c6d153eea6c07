import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../schemas/page.schema';
import type { PageView } from '../page-context';
import { interactiveBlockTypes, islandOf, RenderBlock } from './registry';

const block = {
  type: 'rich-text',
  id: 'story',
  html: '<h2>Our story</h2><p onclick="steal()" style="color:red">Made <strong>by hand</strong>. <a href="https://example.com">Read more</a> or <a href="javascript:alert(1)">this</a>.</p><script>alert(1)</script><iframe src="https://evil.example"></iframe>',
} as Block;

describe('the rich-text block', () => {
  it('is static: no island, no JavaScript', () => {
    expect(islandOf(block, undefined)).toBeUndefined();
    expect(interactiveBlockTypes()).not.toContain('rich-text');
  });

  it('renders the sanitised HTML on the server, and nothing that runs', () => {
    const html = renderToStaticMarkup(<RenderBlock block={block} data={undefined} index={0} page={{} as PageView} />);
    expect(html).toBe(
      '<section class="rich-text" id="story"><h2>Our story</h2><p>Made <strong>by hand</strong>. <a href="https://example.com" rel="noopener">Read more</a> or <a>this</a>.</p></section>',
    );
  });
});
