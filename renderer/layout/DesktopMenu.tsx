import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { NavigationItem } from '../../schemas/site-settings.schema';

/**
 * The desktop menu: plain links, submenus and mega menus. Pointer users open a panel
 * by hovering (CSS); keyboard users with its disclosure button; Escape closes it and returns focus
 * to the button; a click outside closes it.
 */
export function DesktopMenu({ items }: { items: readonly NavigationItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open === null) return;
    const onPointer = (e: MouseEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('click', onPointer);
    return () => document.removeEventListener('click', onPointer);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, path: string) => {
    if (e.key === 'Escape' && open === path) {
      setOpen(null);
      e.currentTarget.querySelector<HTMLButtonElement>('.menu__toggle')?.focus();
    }
  };
  return (
    <nav className="menu" aria-label="Main" ref={navRef}>
      <ul className="menu__list">
        {items.map((item) => {
          const hasPanel = Boolean(item.children?.length || item.megaMenu);
          const expanded = open === item.path;
          const panelId = `menu-panel-${item.path.replace(/[^a-z0-9]+/gi, '-')}`;
          return (
            <li
              key={item.path}
              className={`menu__item${hasPanel ? ' menu__item--has-panel' : ''}${item.megaMenu ? ' menu__item--mega' : ''}${expanded ? ' menu__item--open' : ''}`}
              onKeyDown={(e) => onKeyDown(e, item.path)}
              onBlur={(e) => {
                // Tabbing out of an open panel closes it, so keyboard users never leave one open behind.
                if (expanded && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(null);
              }}
            >
              <a className="menu__link" href={item.path}>
                {item.label}
              </a>
              {hasPanel && (
                <button
                  type="button"
                  className="menu__toggle"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  aria-label={`${item.label} menu`}
                  onClick={() => setOpen(expanded ? null : item.path)}
                >
                  <span aria-hidden="true">▾</span>
                </button>
              )}
              {item.megaMenu ? (
                <div className="menu__panel menu__panel--mega" id={panelId}>
                  {item.megaMenu.columns.map((column) => (
                    <div className="mega__column" key={column.title}>
                      <p className="mega__heading">{column.path ? <a href={column.path}>{column.title}</a> : column.title}</p>
                      <ul>
                        {column.links.map((link) => (
                          <li key={link.path}>
                            <a href={link.path}>
                              <span className="mega__label">{link.label}</span>
                              {link.description && <span className="mega__description">{link.description}</span>}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                  {item.megaMenu.feature && (
                    <a className="mega__feature" href={item.megaMenu.feature.path}>
                      {item.megaMenu.feature.image && <img src={item.megaMenu.feature.image} alt="" width={320} height={180} loading="lazy" />}
                      <span className="mega__feature-title">{item.megaMenu.feature.title}</span>
                      {item.megaMenu.feature.text && <span className="mega__description">{item.megaMenu.feature.text}</span>}
                    </a>
                  )}
                </div>
              ) : item.children?.length ? (
                <ul className="menu__panel menu__submenu" id={panelId}>
                  {item.children.map((child) => (
                    <li key={child.path}>
                      <a href={child.path}>{child.label}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
