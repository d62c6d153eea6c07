/**
 * The block registry: one entry per block type of the page schema (schemas/page.schema.ts).
 * To add a block type: write its schema in schemas/blocks/, add it to `blockSchemas` in
 * page.schema.ts, then add ONE line here: `'my-type': defineBlock({ component: MyBlock, selectData })`.
 * An interactive block adds `island: 'visible'` (or 'load', 'interaction') and a line in
 * renderer/islands/client-islands.ts; a static one ships no JavaScript (docs/storefront.md).
 * The validator refuses unknown types before a page is served; the renderer still skips one it
 * cannot draw rather than crash.
 */
import type { Block } from '../../schemas/page.schema';
import type { PageView } from '../page-context';
import { Island } from '../islands/Island';
import type { HydrateWhen } from '../islands/island-types';
import { defineBlock, type BlockDataContext, type BlockDefinition } from './block-definition';
// Site shell blocks (C1)
import { AddressContact } from './AddressContact';
import { Banner } from './Banner';
import { BannerSlider } from './BannerSlider';
import { Breadcrumb } from './Breadcrumb';
import { NotFound, selectNotFoundData } from './NotFound';
import { Placeholder } from './Placeholder';
import { RichText } from './RichText';
import { Promotions } from './Promotions';
import { QuoteLinkBlock } from './quote/QuoteLinkBlock';
import { SchedulingWidget, selectSchedulingData } from './SchedulingWidget';
import { Steps } from './Steps';
import { TextContent } from './TextContent';
import { TitleBanner } from './TitleBanner';
// Content and catalog blocks (C2)
import { catalogBlockRegistry } from './catalog-registry';
// Forms, popups and the newsletter
import { formBlockEntry } from '../forms/form-block-entry';
import { popupBlockEntry } from '../popups/popup-block-entry';
import { selectUnsubscribeData, UnsubscribeBlock } from './newsletter/UnsubscribeBlock';
import { NewsletterConfirmBlock, selectNewsletterConfirmData } from './newsletter/NewsletterConfirmBlock';
import { EstimatorBlock } from './estimator/EstimatorBlock';
import { selectEstimatorData } from './estimator/estimator-data';
import { OrderSamplesBlock, SampleCartBlock, selectOrderSamplesData } from './samples/SampleBlocks';
// Payment result pages
import { OrderSuccessBlock, PaymentFailureBlock, PaymentVerifyBlock, selectPaymentVerifyData } from './payment-result/PaymentResultBlocks';
// Customer accounts
import { AccountAddressesBlock } from './account/AccountAddressesBlock';
import { AccountAddressFormBlock, selectAddressFormData } from './account/AccountAddressFormBlock';
import { AccountDetailBlock, selectDetailData } from './account/AccountDetailBlock';
import { AccountHomeBlock } from './account/AccountHomeBlock';
import { AccountLinksBlock } from './account/AccountLinksBlock';
import { AccountListBlock } from './account/AccountListBlock';
import { QuotePaymentBlock, SplitPaymentBlock } from './payment-pages/PaymentPageBlocks';
// Checkout
import { CheckoutBlock } from './checkout/CheckoutBlock';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
// `any` data: each entry's own definition is typed by defineBlock; the registry only routes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Registry = { [T in Block['type']]: BlockDefinition<BlockOf<T>, any> };

export const blockRegistry: Registry = {
  // Site shell blocks (C1)
  banner: defineBlock({ component: Banner }),
  'banner-slider': defineBlock({ component: BannerSlider, island: 'visible' }),
  'title-banner': defineBlock({ component: TitleBanner }),
  breadcrumb: defineBlock({ component: Breadcrumb }),
  'address-contact': defineBlock({ component: AddressContact }),
  'scheduling-widget': defineBlock({ component: SchedulingWidget, selectData: selectSchedulingData, island: 'visible' }),
  text: defineBlock({ component: TextContent }),
  // Static: the server sanitises its HTML as it renders the page; no JavaScript.
  'rich-text': defineBlock({ component: RichText }),
  steps: defineBlock({ component: Steps }),
  placeholder: defineBlock({ component: Placeholder }),
  promotions: defineBlock({ component: Promotions }),
  // 'Go back' is the one behaviour: the code loads when the visitor reaches for it.
  'not-found': defineBlock({ component: NotFound, selectData: selectNotFoundData, island: 'interaction' }),
  // Runs at once: the quote link's token must leave the address bar before anything else.
  'quote-link': defineBlock({ component: QuoteLinkBlock, island: 'load' }),
  // Content and catalog blocks (C2)
  ...catalogBlockRegistry,
  // Forms, popups and the newsletter. A form hydrates as it nears the viewport; the popup
  // host at once (its triggers watch from the first moment), but it is tiny: the popup and the form
  // engine inside it are a lazy import made when a trigger fires.
  // An account form hydrates at once: the reset page's token must leave the address bar first thing.
  form: { ...formBlockEntry, island: (_block, data) => (data?.form?.account ? 'load' : 'visible') },
  popup: { ...popupBlockEntry, island: 'load' },
  'newsletter-unsubscribe': defineBlock({ component: UnsubscribeBlock, selectData: selectUnsubscribeData, island: 'load' }),
  'newsletter-confirm': defineBlock({ component: NewsletterConfirmBlock, selectData: selectNewsletterConfirmData, island: 'load' }),
  estimator: defineBlock({ component: EstimatorBlock, selectData: selectEstimatorData, island: 'visible' }),
  // Sample ordering and the sample cart: the elements' components, on this site's cart and API.
  'order-samples': defineBlock({ component: OrderSamplesBlock, selectData: selectOrderSamplesData, island: 'visible' }),
  // Hydrated with the page, so the cart has drawn (and grown) long before a visitor scrolls to it.
  'sample-cart': defineBlock({ component: SampleCartBlock, island: 'load' }),
  // Payment result pages: what they show is in this browser tab, so at once.
  'payment-verify': defineBlock({ component: PaymentVerifyBlock, selectData: selectPaymentVerifyData, island: 'load' }),
  'order-success': defineBlock({ component: OrderSuccessBlock, island: 'load' }),
  'payment-failure': defineBlock({ component: PaymentFailureBlock, island: 'load' }),
  // Customer accounts: one customer's data, fetched in the browser with the session cookie.
  'account-links': defineBlock({ component: AccountLinksBlock }),
  'account-home': defineBlock({ component: AccountHomeBlock, island: 'load' }),
  'account-addresses': defineBlock({ component: AccountAddressesBlock, island: 'load' }),
  'account-address-form': defineBlock({ component: AccountAddressFormBlock, selectData: selectAddressFormData, island: 'load' }),
  'account-list': defineBlock({ component: AccountListBlock, island: 'load' }),
  'account-detail': defineBlock({ component: AccountDetailBlock, selectData: selectDetailData, island: 'load' }),
  // Quote payment and split payment: the elements' components; at once, they are the page.
  'quote-payment': defineBlock({ component: QuotePaymentBlock, island: 'load' }),
  'split-payment': defineBlock({ component: SplitPaymentBlock, island: 'load' }),
  // Checkout: the element's component at once (it is the page), with the signed-in prefill.
  checkout: defineBlock({ component: CheckoutBlock, island: 'load' }),
};

function definitionOf(block: { type: string }): BlockDefinition<{ type: string }, unknown> | undefined {
  return (blockRegistry as unknown as Record<string, BlockDefinition<{ type: string }, unknown> | undefined>)[block.type];
}

/** Server only: the data a block needs for this request (undefined when it needs none or its type is unknown). */
export function selectBlockData(block: Block, ctx: BlockDataContext): unknown {
  return definitionOf(block)?.selectData?.(block, ctx);
}

/** When this block hydrates, or undefined for a static block (no JavaScript). */
export function islandOf(block: Block, data: unknown): HydrateWhen | undefined {
  const island = definitionOf(block)?.island;
  return typeof island === 'function' ? island(block, data) : island;
}

/** Interactive block types: the keys ../islands/client-islands.ts must have (checked by a test). */
export function interactiveBlockTypes(): string[] {
  return Object.entries(blockRegistry as unknown as Record<string, BlockDefinition<{ type: string }, unknown>>)
    .filter(([, d]) => d.island !== undefined)
    .map(([type]) => type);
}

/**
 * Renders one block of the page (on the server). An interactive block is wrapped as an island with
 * its block, its data and the page view as props; a static one is plain HTML.
 */
export function RenderBlock({ block, data, index, page }: { block: Block; data: unknown; index: number; page: PageView }) {
  const definition = definitionOf(block);
  if (!definition) return null;
  const hydrate = islandOf(block, data);
  const Component = definition.component;
  if (!hydrate) return <Component block={block} data={data} />;
  return <Island name={block.type} id={`b${index}`} hydrate={hydrate} component={Component} props={{ block, data }} page={page} />;
}
