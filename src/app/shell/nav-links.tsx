import { NavLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { t, type MessageId } from '../../i18n/i18n.ts';

// Message ids, not words: the words are looked up when the links render, in the current language.
const entries = [
  { to: paths.fleet.href(), label: 'nav.fleet', description: 'nav.fleet.description' },
  { to: paths.alarms.href(), label: 'nav.alarms', description: 'nav.alarms.description' },
  { to: paths.channels.href(), label: 'nav.channels', description: 'nav.channels.description' },
  { to: paths.groups.href(), label: 'nav.groups', description: 'nav.groups.description' },
  { to: paths.nodes.href(), label: 'nav.nodes', description: 'nav.nodes.description' },
  {
    to: paths.permissions.href(),
    label: 'nav.permissions',
    description: 'nav.permissions.description',
  },
] as const satisfies readonly { to: string; label: MessageId; description: MessageId }[];

/** Plain links styled in global.css (`.tc-nav-link`); the router marks the current one. */
export function NavLinks({ onNavigate }: { onNavigate: () => void }) {
  return (
    <ul className="tc-nav-list">
      {entries.map((entry) => (
        <li key={entry.to}>
          <NavLink to={entry.to} className="tc-nav-link" onClick={onNavigate}>
            <span className="tc-nav-label">{t(entry.label)}</span>
            <span className="tc-nav-description">{t(entry.description)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
