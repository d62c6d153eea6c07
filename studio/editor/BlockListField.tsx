/**
 * The block list of a page, an rjsf custom field (uiSchema `blocks: { 'ui:field': 'BlockList' }`):
 * add from the catalogue, open and close, reorder with the arrow buttons, Alt+↑/↓ or by dragging the
 * handle (HTML5 drag and drop), duplicate, remove with Undo. Each block is its own small form
 * (BlockForm) for its type's schema. Every change goes through the block-list reducer; the blocks'
 * generated ids live here, beside the JSON, never in it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type DragEvent, type KeyboardEvent } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { BlockCatalogue } from './BlockCatalogue';
import { BlockForm } from './BlockForm';
import { blockSummary, blockTitle, newBlock } from './block-catalogue';
import { blockListReducer, newBlockId, reconcileIds, type BlockData, type BlockListAction, type BlockListState } from './block-list';
import type { EditorFormContext, ProblemStore } from './editor-context';
import { blockSchemaByType } from './form-schemas';
import { keepKeyOrder } from './key-order';
import { focusField, pointerToPath } from './problems';

const EMPTY: BlockData[] = [];

function ProblemBadge({ store, prefix }: { store: ProblemStore; prefix: string }) {
  const count = useSyncExternalStore(store.subscribe, () => store.countUnder(prefix));
  if (count === 0) return null;
  return <span className="studio-badge studio-badge--error">{count === 1 ? '1 problem' : `${count} problems`}</span>;
}

type Meta = { ids: string[]; removed: BlockListState['removed'] };

export function BlockListField(props: FieldProps) {
  const { formData, onChange, fieldPathId, registry, readonly, disabled, errorSchema } = props;
  const context = registry.formContext as EditorFormContext;
  const locked = Boolean(readonly || disabled || context.readOnly);
  // rjsf hands back new objects for blocks that did not change; keep the ones that are equal, so
  // the memoised form of a block nobody touched does not render again on every keystroke.
  const shared = useRef<BlockData[]>(EMPTY);
  const blocks = keepKeyOrder(shared.current, Array.isArray(formData) ? (formData as BlockData[]) : EMPTY);
  shared.current = blocks;
  const [meta, setMeta] = useState<Meta>(() => ({ ids: blocks.map(() => newBlockId()), removed: null }));
  const ids = reconcileIds(meta.ids, blocks.length);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(blocks.length <= 3 ? ids : ids.slice(0, 1)));
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ id: string; over: number | null; before: boolean } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const focusAfter = useRef<{ element?: Element | null; blockId?: string; undo?: boolean } | null>(null);

  // The latest state for handlers, so two quick actions compose and callbacks stay stable.
  const current = useRef<BlockListState>({ blocks, ids, removed: meta.removed });
  current.current = { blocks, ids, removed: meta.removed };
  const emit = useRef({ onChange, path: fieldPathId.path });
  emit.current = { onChange, path: fieldPathId.path };

  const dispatch = useCallback((action: BlockListAction): BlockListState => {
    const state = current.current;
    const next = blockListReducer(state, action);
    if (next === state) return state;
    current.current = next;
    setMeta({ ids: next.ids, removed: next.removed });
    emit.current.onChange(next.blocks, emit.current.path);
    return next;
  }, []);

  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const undoButton = target.undo ? sectionRef.current?.querySelector<HTMLElement>('.studio-undo button') : null;
    if (undoButton) {
      undoButton.focus();
      return;
    }
    if (target.element && target.element.isConnected) {
      if (document.activeElement !== target.element) (target.element as HTMLElement).focus();
      return;
    }
    if (target.blockId) listRef.current?.querySelector<HTMLElement>(`[data-block-id="${target.blockId}"] .studio-block__toggle`)?.focus();
  });

  // A click on a problem of a block: open the block, then focus the field (or the block's heading).
  const focusPointer = useRef<string[] | null>(null);
  useEffect(
    () =>
      context.problems.onFocus((pointer) => {
        const path = pointerToPath(pointer);
        const id = path[0] === 'blocks' ? current.current.ids[Number(path[1])] : undefined;
        if (!id) return;
        focusPointer.current = [id, ...path.slice(2)];
        setOpen((s) => (s.has(id) ? new Set(s) : new Set(s).add(id)));
      }),
    [context.problems],
  );
  useEffect(() => {
    const target = focusPointer.current;
    if (!target) return;
    focusPointer.current = null;
    const [id, ...rest] = target;
    if (!focusField(id!, rest)) listRef.current?.querySelector<HTMLElement>(`[data-block-id="${id}"] .studio-block__toggle`)?.focus();
  });

  const onBlockChange = useCallback(
    (blockId: string, block: BlockData) => {
      const index = current.current.ids.indexOf(blockId);
      if (index >= 0) dispatch({ type: 'replace', index, block });
    },
    [dispatch],
  );

  const toggle = (id: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const openOnly = (id: string) => setOpen((s) => new Set(s).add(id));

  const move = (index: number, to: number, keepFocus: Element | null) => {
    const before = current.current;
    const block = before.blocks[index];
    const next = dispatch({ type: 'move', from: index, to });
    if (next === before) return;
    focusAfter.current = { element: keepFocus, blockId: next.ids[Math.max(0, Math.min(to, next.ids.length - 1))] };
    setAnnouncement(`${blockTitle(block?.type)} moved to position ${Math.max(0, Math.min(to, next.blocks.length - 1)) + 1} of ${next.blocks.length}.`);
  };

  const add = (type: string) => {
    const next = dispatch({ type: 'insert', block: newBlock(type, context.images) });
    const id = next.ids[next.ids.length - 1]!;
    openOnly(id);
    focusAfter.current = { blockId: id };
    setAnnouncement(`${blockTitle(type)} added at position ${next.blocks.length}.`);
  };

  const duplicate = (index: number) => {
    const next = dispatch({ type: 'duplicate', index });
    const id = next.ids[index + 1]!;
    openOnly(id);
    focusAfter.current = { blockId: id };
    setAnnouncement(`${blockTitle(next.blocks[index + 1]?.type)} duplicated: the copy is at position ${index + 2}.`);
  };

  const remove = (index: number) => {
    const title = blockTitle(current.current.blocks[index]?.type);
    dispatch({ type: 'remove', index });
    focusAfter.current = { undo: true };
    setAnnouncement(`${title} removed. Undo is available.`);
  };

  const undo = () => {
    const removed = current.current.removed;
    if (!removed) return;
    dispatch({ type: 'undo-remove' });
    focusAfter.current = { blockId: removed.id };
    setAnnouncement(`${blockTitle(removed.block.type)} restored at position ${removed.index + 1}.`);
  };

  const onItemKeyDown = (index: number) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (locked || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    e.stopPropagation();
    move(index, e.key === 'ArrowUp' ? index - 1 : index + 1, document.activeElement);
  };

  const onDragStart = (id: string) => (e: DragEvent<HTMLElement>) => {
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', id);
    const item = (e.currentTarget as HTMLElement).closest('li');
    if (item) e.dataTransfer.setDragImage(item, 16, 16);
    setDrag({ id, over: null, before: true });
  };
  const onDragOver = (index: number) => (e: DragEvent<HTMLLIElement>) => {
    if (!drag) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const rect = e.currentTarget.getBoundingClientRect();
    const before = e.clientY < rect.top + rect.height / 2;
    if (drag.over !== index || drag.before !== before) setDrag({ ...drag, over: index, before });
  };
  const onDrop = (index: number) => (e: DragEvent<HTMLLIElement>) => {
    if (!drag) return;
    e.preventDefault();
    const from = current.current.ids.indexOf(drag.id);
    const rect = e.currentTarget.getBoundingClientRect();
    const before = e.clientY < rect.top + rect.height / 2;
    let to = before ? index : index + 1;
    if (from < to) to -= 1;
    setDrag(null);
    if (from >= 0 && from !== to) move(from, to, null);
  };

  const fieldErrors = errorSchema as ErrorSchema<BlockData[]> | undefined;
  const removed = meta.removed;

  return (
    <section className="studio-blocks" ref={sectionRef} aria-labelledby={`${fieldPathId.$id}-title`}>
      <div className="studio-blocks__head">
        <h3 id={`${fieldPathId.$id}-title`}>
          Blocks <span className="studio-count">({blocks.length})</span>
        </h3>
        {!locked && <p className="studio-hint">Reorder with the arrows, Alt+↑/↓, or drag a block by its handle.</p>}
      </div>
      {blocks.length === 0 && <p className="studio-empty">This page has no blocks yet. Add one from the catalogue.</p>}
      <ol className="studio-blocks__list" ref={listRef} onDragEnd={() => setDrag(null)}>
        {blocks.map((block, index) => {
          const id = ids[index]!;
          const isOpen = open.has(id);
          const title = blockTitle(block.type);
          const schema = typeof block.type === 'string' ? blockSchemaByType.get(block.type) : undefined;
          const validator = typeof block.type === 'string' ? context.blockValidators.get(block.type) : undefined;
          const typeErrors = (fieldErrors?.[index] as { type?: { __errors?: string[] } } | undefined)?.type?.__errors ?? [];
          const dropClass = drag && drag.over === index && drag.id !== id ? (drag.before ? ' studio-block--drop-before' : ' studio-block--drop-after') : '';
          return (
            <li
              key={id}
              className={`studio-block${isOpen ? ' studio-block--open' : ''}${drag?.id === id ? ' studio-block--dragging' : ''}${dropClass}`}
              data-block-id={id}
              onKeyDown={onItemKeyDown(index)}
              onDragOver={onDragOver(index)}
              onDrop={onDrop(index)}
            >
              <div className="studio-block__header">
                {!locked && (
                  <span className="studio-block__handle" draggable onDragStart={onDragStart(id)} title="Drag to move" aria-hidden="true">
                    ⠿
                  </span>
                )}
                <button type="button" className="studio-block__toggle" id={`${id}-heading`} aria-expanded={isOpen} aria-controls={`${id}-body`} onClick={() => toggle(id)}>
                  <span className="studio-block__index">{index + 1}.</span> <strong>{title}</strong>
                  {blockSummary(block) && <span className="studio-block__summary"> {blockSummary(block)}</span>}
                </button>
                <ProblemBadge store={context.problems} prefix={`/blocks/${index}`} />
                {!locked && (
                  <div className="studio-block__actions" role="group" aria-label={`Block ${index + 1}, ${title}`}>
                    <button type="button" className="studio-button studio-button--icon" aria-label={`Move block ${index + 1} up`} title="Move up (Alt+↑)" disabled={index === 0} onClick={(e) => move(index, index - 1, e.currentTarget)}>
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className="studio-button studio-button--icon"
                      aria-label={`Move block ${index + 1} down`}
                      title="Move down (Alt+↓)"
                      disabled={index === blocks.length - 1}
                      onClick={(e) => move(index, index + 1, e.currentTarget)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button type="button" className="studio-button" aria-label={`Duplicate block ${index + 1}`} onClick={() => duplicate(index)}>
                      Duplicate
                    </button>
                    <button type="button" className="studio-button studio-button--danger" aria-label={`Remove block ${index + 1}`} onClick={() => remove(index)}>
                      Remove
                    </button>
                  </div>
                )}
              </div>
              {typeErrors.length > 0 && (
                <ul className="studio-errors">
                  {typeErrors.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              )}
              {isOpen && (
                <div className="studio-block__body" id={`${id}-body`} role="region" aria-labelledby={`${id}-heading`}>
                  {schema && validator ? (
                    <>
                      <BlockForm blockId={id} index={index} block={block} schema={schema} validator={validator} formContext={context} readOnly={locked} onChange={onBlockChange} />
                    </>
                  ) : (
                    <p className="studio-empty">No form for this block type: fix its type in the raw JSON view.</p>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {removed && !locked && (
        <div className="studio-undo">
          <span>Removed {blockTitle(removed.block.type)}.</span>
          <button type="button" className="studio-button" onClick={undo}>
            Undo
          </button>
          <button type="button" className="studio-button studio-button--quiet" aria-label="Dismiss" onClick={() => setMeta((m) => ({ ...m, removed: null }))}>
            ✕
          </button>
        </div>
      )}
      {!locked && <BlockCatalogue onAdd={add} />}
      <p className="studio-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
