import { useState } from 'react';
import type { FaqBlock as FaqBlockDef } from '../../../schemas/blocks/faq.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { FilterTabs } from '../filters/FilterTabs';
import { routeValue } from '../route-value';
import { Accordion } from './Accordion';
import { htmlToText } from './truncate';
import './faq.css';

export interface FaqData {
  faqs: { question: string; answer: string; category: string; styles: string[] }[];
  /** The tabs, in order: category names, or styles as { value: name, label: title }. */
  categories: string[];
  styles?: { value: string; label: string }[];
}

export const NO_DATA_FOUND = 'No Data Found';

/** Server: the questions for this block (by category list and style), and FAQPage structured data. */
export function selectFaqData(block: FaqBlockDef, ctx: BlockDataContext): FaqData {
  const { faqs } = catalogOf(ctx.store);
  const style = routeValue(block.style, ctx.params);
  let list = faqs.filter((f) => !block.categories || block.categories.includes(f.category));
  if (block.style !== undefined) list = list.filter((f) => (style !== undefined && f.styles?.includes(style)) || (block.includeGeneral && !f.styles?.length));
  if (block.limit) list = list.slice(0, block.limit);
  const order = block.categories ?? [...new Set(faqs.map((f) => f.category))];
  const categories = order.filter((c) => list.some((f) => f.category === c));
  if (list.length > 0 && block.structuredData !== false) {
    ctx.addStructuredData({
      '@type': 'FAQPage',
      mainEntity: list.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: htmlToText(f.answer) } })),
    });
  }
  const byStyle = block.tabsBy === 'style';
  const styleTabs = byStyle
    ? [...new Set(list.flatMap((f) => f.styles ?? []))].map((name) => ({ value: name, label: catalogOf(ctx.store).styles[name]?.title ?? name }))
    : undefined;
  return {
    faqs: list.map(({ question, answer, category, styles }) => ({ question, answer, category, styles: styles ?? [] })),
    categories,
    ...(styleTabs ? { styles: styleTabs } : {}),
  };
}

/**
 * Questions in an accordion (one open at a time) with category tabs and an optional 'All' tab.
 * Answers were sanitised by the server at load; they still pass the inline-HTML allowlist.
 */
export function FaqBlock({ block, data }: BlockProps<FaqBlockDef, FaqData>) {
  const tabs = data.styles ?? data.categories.map((c) => ({ value: c, label: c }));
  const [category, setCategory] = useState<string | null>(block.showAll === false ? (tabs[0]?.value ?? null) : null);
  const matches = (f: FaqData['faqs'][number]) => (data.styles ? f.styles.includes(category ?? '') : f.category === category);
  const shown = category === null ? data.faqs : data.faqs.filter(matches);
  const showTabs = block.showTabs ?? tabs.length > 1;
  const title = block.title ?? 'Frequently Asked Questions';
  return (
    <section className="faq-block" id={block.id} aria-label={title}>
      <h2 className="faq-block__title">{title}</h2>
      {block.description && <p className="faq-block__description">{block.description}</p>}
      {showTabs && tabs.length > 0 && (
        <FilterTabs
          tabs={tabs}
          selected={category}
          onSelect={setCategory}
          showAll={block.showAll !== false}
          mode={block.tabs ?? 'wrap'}
          label="Question topics"
        />
      )}
      {shown.length === 0 ? (
        <p className="empty">{NO_DATA_FOUND}</p>
      ) : (
        <Accordion key={category ?? '__all'} items={shown.map((f) => ({ title: f.question, description: f.answer }))} />
      )}
    </section>
  );
}
