/**
 * rjsf's array buttons with visible words or signs and accessible names (the core theme draws them
 * with Bootstrap glyph icons, which the studio does not load, leaving empty buttons).
 */
import type { IconButtonProps } from '@rjsf/utils';

function button(sign: string, label: string, extra = '') {
  function StudioIconButton({ id, className, onClick, disabled, title }: IconButtonProps) {
    const name = title ?? label;
    return (
      <button id={id} type="button" className={`studio-button studio-button--icon ${extra} ${className ?? ''}`} aria-label={name} title={name} onClick={onClick} disabled={disabled}>
        <span aria-hidden="true">{sign}</span>
      </button>
    );
  }
  return StudioIconButton;
}

function AddButton({ id, className, onClick, disabled }: IconButtonProps) {
  return (
    <button id={id} type="button" className={`studio-button studio-add-item ${className ?? ''}`} onClick={onClick} disabled={disabled}>
      + Add an item
    </button>
  );
}

export const studioButtonTemplates = {
  AddButton,
  CopyButton: button('⧉', 'Duplicate'),
  MoveDownButton: button('↓', 'Move down'),
  MoveUpButton: button('↑', 'Move up'),
  RemoveButton: button('✕', 'Remove', 'studio-button--danger'),
  ClearButton: button('✕', 'Clear'),
};
