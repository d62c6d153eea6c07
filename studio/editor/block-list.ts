/**
 * The block list of a page as one reducer (Puck's pattern): every change (insert, duplicate, move,
 * remove, undo a removal, edit one block) is a named action, so the list widget, its keyboard and its
 * drag and drop all go through the same few lines. Each block carries a generated id kept beside
 * the saved JSON, never in it: React keys, focus and the open/closed state follow a block when it
 * moves, and the file stays exactly what the schema describes.
 */

export type BlockData = Record<string, unknown> & { type?: unknown };

export interface BlockListState {
  blocks: BlockData[];
  ids: string[];
  /** The last removed block, for Undo. */
  removed: { block: BlockData; id: string; index: number } | null;
}

export type BlockListAction =
  | { type: 'insert'; block: BlockData; index?: number }
  | { type: 'duplicate'; index: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'remove'; index: number }
  | { type: 'undo-remove' }
  | { type: 'replace'; index: number; block: BlockData };

let counter = 0;
export function newBlockId(): string {
  counter += 1;
  return `block-${Date.now().toString(36)}-${counter}`;
}

export function initialBlockList(blocks: readonly BlockData[]): BlockListState {
  return { blocks: [...blocks], ids: blocks.map(() => newBlockId()), removed: null };
}

/**
 * The ids for a list that changed outside the reducer (the raw-JSON view, a reload): kept by
 * position while the length is the same (an edit), else fresh ones past the shorter length.
 */
export function reconcileIds(ids: readonly string[], length: number): string[] {
  if (ids.length === length) return ids as string[];
  return Array.from({ length }, (_, i) => ids[i] ?? newBlockId());
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function blockListReducer(state: BlockListState, action: BlockListAction): BlockListState {
  const blocks = [...state.blocks];
  const ids = [...state.ids];
  switch (action.type) {
    case 'insert': {
      const at = Math.max(0, Math.min(action.index ?? blocks.length, blocks.length));
      blocks.splice(at, 0, action.block);
      ids.splice(at, 0, newBlockId());
      return { blocks, ids, removed: state.removed };
    }
    case 'duplicate': {
      const block = blocks[action.index];
      if (!block) return state;
      blocks.splice(action.index + 1, 0, clone(block));
      ids.splice(action.index + 1, 0, newBlockId());
      return { blocks, ids, removed: state.removed };
    }
    case 'move': {
      const { from } = action;
      const to = Math.max(0, Math.min(action.to, blocks.length - 1));
      if (from === to || !blocks[from]) return state;
      const [block] = blocks.splice(from, 1);
      const [id] = ids.splice(from, 1);
      blocks.splice(to, 0, block!);
      ids.splice(to, 0, id!);
      return { blocks, ids, removed: state.removed };
    }
    case 'remove': {
      const block = blocks[action.index];
      if (!block) return state;
      blocks.splice(action.index, 1);
      const [id] = ids.splice(action.index, 1);
      return { blocks, ids, removed: { block, id: id!, index: action.index } };
    }
    case 'undo-remove': {
      if (!state.removed) return state;
      const at = Math.min(state.removed.index, blocks.length);
      blocks.splice(at, 0, state.removed.block);
      ids.splice(at, 0, state.removed.id);
      return { blocks, ids, removed: null };
    }
    case 'replace': {
      if (!blocks[action.index] || blocks[action.index] === action.block) return state;
      blocks[action.index] = action.block;
      return { blocks, ids, removed: state.removed };
    }
  }
}
