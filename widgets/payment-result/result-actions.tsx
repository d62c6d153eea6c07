/** The result views' action links (Continue Shopping, Back to checkout, Contact us...). */
export interface ResultAction {
  text: string;
  /** A site path (/checkout) or a full URL. */
  path: string;
  variant?: 'primary' | 'secondary' | 'link';
}

export function ResultActions({ actions }: { actions: readonly ResultAction[] }) {
  if (actions.length === 0) return null;
  return (
    <p className="sr-result__actions">
      {actions.map((action) => (
        <a key={action.path + action.text} part="action" className={`sr-result__action sr-result__action--${action.variant ?? 'primary'}`} href={action.path}>
          {action.text}
        </a>
      ))}
    </p>
  );
}
