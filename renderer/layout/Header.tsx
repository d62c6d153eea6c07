import type { SiteSettings } from '../../schemas/site-settings.schema';

export function Header({ settings }: { settings: SiteSettings }) {
  return (
    <header className="header">
      <a className="header__logo" href="/">
        {settings.siteName}
      </a>
      <nav aria-label="Main">
        <ul className="header__menu">
          {settings.navigation.map((item) => (
            <li key={item.path}>
              <a href={item.path}>{item.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
