import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { extensionsQuery } from '../../api/extensions.ts';
import { userinfoQuery } from '../../api/userinfo.ts';
import { paths } from '../../lib/paths.ts';
import { tenantsWith } from '../../lib/permissions.ts';
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

// For support and admins, and only where the cloud offers it and the person may read it.
const people = {
  to: paths.people.href(),
  label: 'nav.people',
  description: 'nav.people.description',
} as const;
const activity = {
  to: paths.activity.href(),
  label: 'nav.activity',
  description: 'nav.activity.description',
} as const;

// Everyone's own, where the cloud offers it.
const notifications = {
  to: paths.notifications.href(),
  label: 'nav.notifications',
  description: 'nav.notifications.description',
} as const;

/** The links this person gets: People and Activity only with the extension and the permission. */
function useEntries(): readonly { to: string; label: MessageId; description: MessageId }[] {
  const { data: extensions } = useQuery(extensionsQuery());
  const { data: me } = useQuery(userinfoQuery());
  const may = (objectType: string) =>
    me !== undefined && tenantsWith(me.permissions, objectType, 'READ').length > 0;
  return [
    ...entries,
    ...(extensions?.notifications ? [notifications] : []),
    ...(extensions?.people && may('users') ? [people] : []),
    ...(extensions?.audit && may('audit') ? [activity] : []),
  ];
}

/** Plain links styled in global.css (`.tc-nav-link`); the router marks the current one. */
export function NavLinks({ onNavigate }: { onNavigate: () => void }) {
  const shown = useEntries();
  return (
    <ul className="tc-nav-list">
      {shown.map((entry) => (
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
