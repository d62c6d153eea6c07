import { useEffect, useState, type ReactNode } from 'react';
import { Slider } from './Slider';
import './card-slider.css';

/** Below this width a card row becomes a slider. */
export const CARD_SLIDER_MAX_WIDTH = 767;

/**
 * A row of cards that is a grid on tablets and desktops and a one-card slider on phones (under 768
 * px), with dots below 480 px. The server renders the grid; the browser switches to the slider after
 * hydration when the screen is narrow, so both render the same first markup.
 */
export function CardSlider({ cards, label, columns = 3 }: { cards: readonly ReactNode[]; label: string; columns?: number }) {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${CARD_SLIDER_MAX_WIDTH}px)`);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return (
    <div className="card-slider" style={{ ['--columns' as string]: columns }}>
      <Slider slides={cards} label={label} dotsBreakpoint={480} active={narrow} />
    </div>
  );
}
