import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIslandId } from '../../islands/use-island-id';
import type { Spec, Specifications } from '../../../schemas/catalog/product-style.schema';
import { Accordion } from '../content/Accordion';
import { VideoCard } from '../content/VideoCard';
import { SampleList, type SampleView } from './SampleList';
import './spec-view.css';

export const NO_DATA_FOUND = 'No Data Found';

interface Props {
  specifications: Specifications | undefined;
  /** The style's questions, for specs of type faq. */
  faqs?: readonly { question: string; answer: string }[];
  /** The style's samples, for specs of type sample. */
  samples?: readonly SampleView[];
  styleTitle?: string;
  preselectSku?: string;
  /** The id of the sample form, where the style's 'Order samples' link leads. */
  samplesId?: string;
  /** Each new value opens the samples' tab (the style's 'Order samples' link was pressed). */
  showSamples?: number;
}

function SpecContent({ spec, view, columns, faqs, samples, styleTitle, preselectSku, samplesId }: { spec: Spec; view: 'grid' | 'list'; columns: number } & Omit<Props, 'specifications'>): ReactNode {
  const props = spec.props ?? {};
  const listClass = `spec-list spec-list--${view}`;
  const style = view === 'grid' ? { ['--columns' as string]: columns } : undefined;
  switch (spec.type) {
    case 'unordered-list':
      return props.items?.length ? (
        <ul className={listClass} style={style}>
          {props.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="empty">{NO_DATA_FOUND}</p>
      );
    case 'ordered-list':
      return props.items?.length ? (
        <ol className={listClass} style={style}>
          {props.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ol>
      ) : (
        <p className="empty">{NO_DATA_FOUND}</p>
      );
    case 'text':
      return props.text ? <p className="spec-text">{props.text}</p> : <p className="empty">{NO_DATA_FOUND}</p>;
    case 'video':
      return props.videoUrl ? (
        <div className="spec-video" style={spec.width ? { maxWidth: spec.width } : undefined}>
          <VideoCard
            video={{
              videoUrl: props.videoUrl,
              ...(props.videoType ? { videoType: props.videoType } : {}),
              ...(props.thumbnail ? { thumbnail: { src: props.thumbnail.src, alt: props.thumbnail.altText } } : {}),
              ...(props.title ? { title: props.title } : {}),
              ...(props.description ? { description: props.description } : {}),
              playIcon: spec.playIcon !== false,
            }}
          />
        </div>
      ) : (
        <p className="empty">{NO_DATA_FOUND}</p>
      );
    case 'faq':
      return faqs && faqs.length > 0 ? <Accordion items={faqs.map((f) => ({ title: f.question, description: f.answer }))} headingLevel={4} /> : <p className="empty">{NO_DATA_FOUND}</p>;
    case 'sample':
      return <SampleList samples={samples ?? []} styleTitle={styleTitle ?? ''} {...(preselectSku ? { preselect: preselectSku } : {})} {...(samplesId ? { id: samplesId } : {})} />;
    default:
      return <p className="empty">{NO_DATA_FOUND}</p>;
  }
}

/**
 * Specifications as a table (one row per spec) or as tabs (one tab per spec, WAI-ARIA tabs:
 * Left/Right/Home/End move between tabs). Lists show in a grid or a single column.
 */
export function SpecView({ specifications, showSamples, ...rest }: Props) {
  const [active, setActive] = useState(0);
  // Opened from outside during the same render (not in an effect), so the form is there to focus at once.
  const [samplesShown, setSamplesShown] = useState(showSamples);
  if (showSamples !== samplesShown) {
    setSamplesShown(showSamples);
    const tab = specifications?.specs.findIndex((s) => s.type === 'sample') ?? -1;
    if (tab >= 0) setActive(tab);
  }
  const baseId = useIslandId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const specs = specifications?.specs ?? [];
  if (!specifications || specs.length === 0) return <p className="empty spec-view__empty">{NO_DATA_FOUND}</p>;
  const view = specifications.options?.view ?? 'list';
  const columns = specifications.options?.columns ?? 2;

  if (specifications.specView === 'tabular') {
    return (
      <table className="spec-table">
        <tbody>
          {specs.map((spec, i) => (
            <tr key={i}>
              <th scope="row">{spec.name}</th>
              <td>
                <SpecContent spec={spec} view={view} columns={columns} {...rest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = specs.length - 1;
    const next = e.key === 'ArrowRight' ? (active === last ? 0 : active + 1) : e.key === 'ArrowLeft' ? (active === 0 ? last : active - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="spec-tabs">
      <div className="spec-tabs__list" role="tablist" aria-label="Specifications">
        {specs.map((spec, i) => (
          <button
            key={i}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-t${i}`}
            aria-selected={i === active}
            aria-controls={`${baseId}-p${i}`}
            tabIndex={i === active ? 0 : -1}
            className="spec-tabs__tab"
            onClick={() => setActive(i)}
            onKeyDown={onKeyDown}
          >
            {spec.name}
          </button>
        ))}
      </div>
      {specs.map((spec, i) => (
        <div key={i} role="tabpanel" id={`${baseId}-p${i}`} aria-labelledby={`${baseId}-t${i}`} hidden={i !== active} className="spec-tabs__panel" tabIndex={0}>
          <SpecContent spec={spec} view={view} columns={columns} {...rest} />
        </div>
      ))}
    </div>
  );
}
