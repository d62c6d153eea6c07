import { useState } from 'react';
import type { NavigationItem } from '../../schemas/site-settings.schema';
import { ModalDrawer } from './ModalDrawer';

export const DEFAULT_DRAWER_TITLE = 'Our Offerings';

type Props = { title: string; items: readonly NavigationItem[]; onClose: () => void };

/** The mobile menu: a modal drawer titled 'Our Offerings'; focus stays inside, Escape closes. */
export function MobileDrawer({ title, items, onClose }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ModalDrawer title={title} closeLabel="Close menu" className="drawer" onClose={onClose}>
      <nav aria-label="Mobile">
        <ul className="drawer__menu">
          {items.map((item) => {
            const children = item.children ?? item.megaMenu?.columns.flatMap((c) => c.links) ?? [];
            const expanded = open === item.path;
            return (
              <li key={item.path}>
                <div className="drawer__row">
                  <a href={item.path}>{item.label}</a>
                  {children.length > 0 && (
                    <button
                      type="button"
                      className="drawer__toggle"
                      aria-expanded={expanded}
                      aria-label={`${item.label} submenu`}
                      onClick={() => setOpen(expanded ? null : item.path)}
                    >
                      {expanded ? '−' : '+'}
                    </button>
                  )}
                </div>
                {children.length > 0 && expanded && (
                  <ul className="drawer__submenu">
                    {children.map((child) => (
                      <li key={child.path}>
                        <a href={child.path}>{child.label}</a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </ModalDrawer>
  );
}
