// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CardSlider } from './CardSlider';
import { Slider } from './Slider';

afterEach(cleanup);

let narrow = false;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: narrow,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
});

const slides = ['One', 'Two', 'Three'].map((t) => <p key={t}>{t}</p>);
const track = (c: HTMLElement) => c.querySelector<HTMLElement>('.slider__track')!;

describe('Slider', () => {
  it('moves with arrows, dots and keyboard, 500 ms by default, wrapping around', () => {
    const { container } = render(<Slider slides={slides} label="Kitchens" />);
    expect(track(container).style.transitionDuration).toBe('500ms');
    expect(track(container).style.transform).toBe('translateX(-0%)');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(track(container).style.transform).toBe('translateX(-100%)');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(track(container).style.transform).toBe('translateX(-200%)');
    const region = screen.getByRole('region', { name: 'Kitchens' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(track(container).style.transform).toBe('translateX(-0%)');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(track(container).style.transform).toBe('translateX(-200%)');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
  });
  it('keeps slides out of view inert', () => {
    const { container } = render(<Slider slides={slides} label="Kitchens" />);
    const groups = container.querySelectorAll('.slider__slide');
    expect(groups[0]!.hasAttribute('inert')).toBe(false);
    expect(groups[1]!.hasAttribute('inert')).toBe(true);
  });
  it('has no controls for a single slide', () => {
    render(<Slider slides={[<p key="a">Only</p>]} label="One" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('switches the dots breakpoint by class', () => {
    const { container } = render(<Slider slides={slides} label="Cards" dotsBreakpoint={480} />);
    expect(container.querySelector('.slider--dots-480')).not.toBeNull();
  });
});

describe('CardSlider', () => {
  it('is a grid on wide screens (no controls)', () => {
    narrow = false;
    render(<CardSlider cards={slides} label="Styles" />);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });
  it('becomes a slider under 768 px', () => {
    narrow = true;
    render(<CardSlider cards={slides} label="Styles" />);
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
  });
});
