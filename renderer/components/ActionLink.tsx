import type { FromSchema } from 'json-schema-to-ts';
import type { actionSchema } from '../../schemas/common.schema';

type Action = FromSchema<typeof actionSchema>;

export function ActionLink({ action }: { action: Action }) {
  const variant = action.variant ?? 'primary';
  return (
    <a className={variant === 'link' ? 'link' : `button button--${variant}`} href={action.path}>
      {action.text}
    </a>
  );
}
