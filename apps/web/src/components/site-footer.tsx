import { Link } from 'react-router';
import { LEGAL_LINKS } from './header';

/** Footer with the legal links and the copyright line. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Legal">
        <ul>
          {LEGAL_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>© {new Date().getFullYear()} Chorus OÜ. All rights reserved.</p>
    </footer>
  );
}
