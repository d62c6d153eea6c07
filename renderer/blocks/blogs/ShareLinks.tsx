import { useEffect, useState } from 'react';

/**
 * Share icons for an article. The page's absolute address is only known in the browser, so the links
 * are completed after hydration (the server renders them with the path; markup stays identical).
 */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const [url, setUrl] = useState(path);
  useEffect(() => setUrl(window.location.origin + path), [path]);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    { name: 'Facebook', short: 'f', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', short: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: 'LinkedIn', short: 'in', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Pinterest', short: 'P', href: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}` },
    { name: 'Email', short: '@', href: `mailto:?subject=${t}&body=${u}` },
  ];
  return (
    <ul className="share-links" aria-label="Share this article">
      {links.map((l) => (
        <li key={l.name}>
          <a href={l.href} target={l.name === 'Email' ? undefined : '_blank'} rel="noopener noreferrer" aria-label={`Share on ${l.name}`}>
            <span aria-hidden="true">{l.short}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const SOCIAL_SHORT: Record<string, string> = { facebook: 'f', instagram: 'ig', linkedin: 'in', pinterest: 'P', x: 'X', youtube: 'yt', website: 'www' };

export function SocialLinks({ socials, name }: { socials: readonly { type: string; url: string }[]; name: string }) {
  if (socials.length === 0) return null;
  return (
    <ul className="social-links" aria-label={`${name} online`}>
      {socials.map((s) => (
        <li key={s.url}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" aria-label={`${name} on ${s.type}`}>
            <span aria-hidden="true">{SOCIAL_SHORT[s.type] ?? s.type}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
