/** A money page that cannot go on (an expired or unknown quote, an order not found): why, and where to go. */

export interface DeadEndAction {
  href: string;
  label: string;
}

export function DeadEnd({ message, messageClassName = 'sr-dead-end__message', actions }: { message: string; messageClassName?: string; actions: readonly DeadEndAction[] }) {
  return (
    <div className="sr-dead-end" part="dead-end">
      <p className={messageClassName} role="alert">
        {message}
      </p>
      <div className="sr-actions">
        {actions.map((action, i) => (
          // The first is the way on; the others are the secondary choices.
          <a key={action.href + action.label} className={i === 0 ? 'sr-button' : 'sr-button sr-button--secondary'} href={action.href}>
            {action.label}
          </a>
        ))}
      </div>
    </div>
  );
}
