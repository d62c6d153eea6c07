import { useIslandId } from '../islands/use-island-id';
import { DEFAULT_SORT, DEFAULT_SORT_OPTIONS, type SortOption } from './sort-options';
import './pagination.css';

export function SortSelect({ value, onChange, options = DEFAULT_SORT_OPTIONS }: { value: string | undefined; onChange(value: string): void; options?: readonly SortOption[] }) {
  const id = useIslandId();
  return (
    <span className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value ?? options[0]?.value ?? DEFAULT_SORT} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
