import { NavLink } from 'react-router';
import { paths } from '../../lib/paths.ts';

const entries = [
  { to: paths.fleet.href(), label: 'Fleet', description: 'Map and latest positions' },
  { to: paths.channels.href(), label: 'Channels', description: 'Nodes, sensors, groups' },
  { to: paths.groups.href(), label: 'Groups', description: 'Members of groups' },
  { to: paths.nodes.href(), label: 'Nodes', description: 'Commission, decommission' },
  { to: paths.permissions.href(), label: 'Permissions', description: 'What you may do' },
] as const;

/** Plain links styled in global.css (`.tc-nav-link`); the router marks the current one. */
export function NavLinks({ onNavigate }: { onNavigate: () => void }) {
  return (
    <ul className="tc-nav-list">
      {entries.map((entry) => (
        <li key={entry.to}>
          <NavLink to={entry.to} className="tc-nav-link" onClick={onNavigate}>
            <span className="tc-nav-label">{entry.label}</span>
            <span className="tc-nav-description">{entry.description}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
