/** Links under an account form ('Forgot your password?', 'Create an account'): static, no JavaScript. */
import type { AccountLinksBlock as AccountLinksDefinition } from '../../../schemas/blocks/account.schema';
import { ActionLink } from '../../components/ActionLink';
import type { BlockProps } from '../block-definition';
import './account.css';

export function AccountLinksBlock({ block }: BlockProps<AccountLinksDefinition, undefined>) {
  return (
    <nav className="account-aside" id={block.id} aria-label={block.text ?? 'Account links'}>
      {block.text && <p className="account-aside__text">{block.text}</p>}
      <ul className="account-aside__links">
        {block.links.map((link) => (
          <li key={link.path}>
            <ActionLink action={{ ...link, variant: link.variant ?? 'link' }} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
