// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInPage, testSettings } from '../testing/page-fixture';
import { AddressContact, NO_CONTACT_DETAILS } from './AddressContact';
import { Banner } from './Banner';
import { BannerSlider } from './BannerSlider';
import { Breadcrumb } from './Breadcrumb';
import { NotFound } from './NotFound';
import { Placeholder } from './Placeholder';
import { Promotions } from './Promotions';
import { SCHEDULING_LOADING_TEXT, SCHEDULING_NOT_CONFIGURED, SchedulingWidget } from './SchedulingWidget';
import { Steps } from './Steps';
import { TextContent } from './TextContent';
import { TitleBanner } from './TitleBanner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const image = { src: '/images/x.svg', alt: 'A kitchen' };

describe('banners', () => {
  it('single banner: default size 1920 x 787, title class by length, actions', () => {
    renderInPage(<Banner block={{ type: 'banner', title: 'Short title', image, action: { text: 'Go', path: '/go' } }} />);
    const img = screen.getByRole('img', { name: 'A kitchen' });
    expect(img.getAttribute('width')).toBe('1920');
    expect(img.getAttribute('height')).toBe('787');
    expect(screen.getByRole('heading', { level: 1 }).className).toContain('title--short');
    expect(screen.getByRole('link', { name: 'Go' }).getAttribute('href')).toBe('/go');
  });

  it('slider: shows one slide at a time, arrows and dots move it', () => {
    const slides = [
      { title: 'First slide', image },
      { title: 'Second slide', image },
      { title: 'Third slide', image },
    ];
    const { container } = renderInPage(<BannerSlider block={{ type: 'banner-slider', slides }} />);
    const hidden = () => [...container.querySelectorAll('.banner-slider__slide')].map((s) => s.getAttribute('aria-hidden'));
    expect(hidden()).toEqual(['false', 'true', 'true']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(hidden()).toEqual(['true', 'false', 'true']);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: Third slide' }));
    expect(hidden()).toEqual(['true', 'true', 'false']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(hidden()).toEqual(['false', 'true', 'true']);
    fireEvent.keyDown(container.querySelector('.banner-slider')!, { key: 'ArrowLeft' });
    expect(hidden()).toEqual(['true', 'true', 'false']);
  });

  it('slider with one slide has no controls', () => {
    renderInPage(<BannerSlider block={{ type: 'banner-slider', slides: [{ title: 'Only', image }] }} />);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });

  it('title banner: page title and the breadcrumb of the page', () => {
    renderInPage(<TitleBanner block={{ type: 'title-banner' }} />, {
      title: 'Shipping policy',
      breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Shipping policy' }],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shipping policy');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.querySelector('a')?.getAttribute('href')).toBe('/');
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Shipping policy');
  });
});

describe('breadcrumb', () => {
  it('uses the route trail by default and the given items when present', () => {
    renderInPage(<Breadcrumb block={{ type: 'breadcrumb' }} />, { breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Products', path: '/products' }, { label: 'Shaker' }] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Products', 'Shaker']);
    cleanup();
    renderInPage(<Breadcrumb block={{ type: 'breadcrumb', items: [{ label: 'Start', path: '/' }, { label: 'Here' }] }} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Start', 'Here']);
  });

  it('shows nothing for a one-crumb trail (the home page)', () => {
    renderInPage(<Breadcrumb block={{ type: 'breadcrumb' }} />, { breadcrumb: [{ label: 'Home', path: '/' }] });
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('address and contact', () => {
  const contact = {
    address: { street: '1 Mill St', city: 'Sacramento', state: 'CA', zipCode: '95811' },
    phone: '(916) 555-0147',
    email: 'hello@example.com',
    openingHours: [{ days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' }],
  };
  it('links the map, the phone (tel:) and the e-mail (mailto:), and lists the hours', () => {
    renderInPage(<AddressContact block={{ type: 'address-contact' }} />, { settings: { ...testSettings, contact } });
    expect(screen.getByRole('link', { name: /Get directions/ }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Mill%20St%2C%20Sacramento%2C%20CA%2095811',
    );
    expect(screen.getByRole('link', { name: '(916) 555-0147' }).getAttribute('href')).toBe('tel:9165550147');
    expect(screen.getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).toBe('mailto:hello@example.com');
    expect(screen.getByText('Monday - Friday')).toBeTruthy();
    expect(screen.getByText('9:00 AM - 6:00 PM')).toBeTruthy();
  });

  it('says so when there are no contact details', () => {
    renderInPage(<AddressContact block={{ type: 'address-contact' }} />);
    expect(screen.getByText(NO_CONTACT_DETAILS)).toBeTruthy();
  });
});

describe('scheduling widget', () => {
  it("is titled 'Select a Date & Time' and says so when no scheduler is configured", () => {
    renderInPage(<SchedulingWidget block={{ type: 'scheduling-widget' }} data={null} />);
    expect(screen.getByRole('heading', { name: 'Select a Date & Time' })).toBeTruthy();
    expect(screen.getByText(SCHEDULING_NOT_CONFIGURED)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the loading text for 1200 ms, then the scheduler (height 700, min width 320)', () => {
    vi.useFakeTimers();
    renderInPage(<SchedulingWidget block={{ type: 'scheduling-widget' }} data={{ widgetUrl: 'https://scheduler.example/visit' }} />);
    expect(screen.getByText(SCHEDULING_LOADING_TEXT)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1199));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://scheduler.example/visit');
    expect(frame.getAttribute('height')).toBe('700');
    expect(frame.getAttribute('title')).toBe('Select a Date & Time');
    expect((document.querySelector('.scheduling__frame') as HTMLElement).style.minWidth).toBe('320px');
    expect(screen.queryByText(SCHEDULING_LOADING_TEXT)).toBeNull();
  });
});

describe('not-found', () => {
  it('v1: the message with Go back and Go to home', () => {
    renderInPage(<NotFound block={{ type: 'not-found' }} data={undefined} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    expect(document.querySelector('.not-found__code')).toBeNull();
  });

  it('v2 (from the settings, picked by selectData): a large 404 and suggested links', () => {
    renderInPage(<NotFound block={{ type: 'not-found', links: [{ text: 'Contact us', path: '/contact' }] }} data={{ variant: 'v2' }} />);
    expect(document.querySelector('.not-found--v2 .not-found__code')?.textContent).toBe('404');
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
  });
});

describe('placeholder, promotions, steps and text', () => {
  it('placeholder: title, message, echoed route parameter and actions', () => {
    renderInPage(
      <Placeholder block={{ type: 'placeholder', title: 'Order details', message: 'Coming soon.', showParam: 'id', paramLabel: 'Order', actions: [{ text: 'Go to home', path: '/' }] }} />,
      { params: { id: '1042' } },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order details');
    expect(screen.getByText('1042').parentElement?.textContent).toBe('Order 1042');
    expect(screen.getByRole('note').textContent).toBe('Coming soon.');
  });

  it('promotions: the offers of the settings, filtered by code; nothing when none', () => {
    const promotions = [
      { code: 'zero-apr', title: '0% APR for 12 months', path: '/kitchen-finance-options' },
      { code: 'free-shipping', title: 'Free shipping on orders of $3500 and over' },
    ];
    renderInPage(<Promotions block={{ type: 'promotions', codes: ['free-shipping'] }} />, { settings: { ...testSettings, promotions } });
    expect(screen.getByText('Free shipping on orders of $3500 and over')).toBeTruthy();
    expect(screen.queryByText('0% APR for 12 months')).toBeNull();
    cleanup();
    const { container } = renderInPage(<Promotions block={{ type: 'promotions' }} />);
    expect(container.innerHTML).toBe('');
  });

  it('steps are numbered with 2 digits', () => {
    const { container } = renderInPage(<Steps block={{ type: 'steps', steps: [{ title: 'Measure', text: 'Walls.' }, { title: 'Design', text: 'Free.' }] }} />);
    expect([...container.querySelectorAll('.steps__number')].map((n) => n.textContent)).toEqual(['01', '02']);
  });

  it('text: sections with paragraphs and ordered or bulleted lists', () => {
    const { container } = renderInPage(
      <TextContent block={{ type: 'text', title: 'Policy', updated: 'January 6, 2026', sections: [{ heading: 'A', paragraphs: ['One.'], list: ['x', 'y'], ordered: true }] }} />,
    );
    expect(screen.getByText('Last updated: January 6, 2026')).toBeTruthy();
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
  });
});
