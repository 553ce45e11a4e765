import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside, useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { CloudStatus } from './cloud-status.tsx';
import { AlarmBadge } from '../../features/alarms/alarm-badge.tsx';
import { LocalAlarmWatch } from '../../features/alarms/local-alarm-watch.tsx';
import { NavLinks } from './nav-links.tsx';
import { NetworkBanner } from './network-banner.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserPanel } from './user-panel.tsx';
import { paths } from '../../lib/paths.ts';
import { t } from '../../i18n/i18n.ts';
import { useLanguage } from '../../i18n/language-context.ts';
import { LanguageSelect } from '../../i18n/language-select.tsx';

/** Where the navigation stops folding (the Burger's hiddenFrom="md"; global.css). */
const WIDE_QUERY = '(min-width: 62em)';

/** The language and the theme: in the header on a wide screen, in the menu on a narrow one. */
function Preferences({ username }: { username: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageSelect username={username} />
      <ThemeToggle />
    </Group>
  );
}

/**
 * Header, navigation and page. A plain CSS layout (global.css, `.tc-shell`) rather than Mantine's
 * AppShell, which with its scroll-lock dependency costs a tenth of the first page's budget. Below
 * 62em (tablets) the navigation folds behind the burger, leaving tables the whole width.
 */
export function Shell({ username }: { username: string }) {
  return (
    // Against a cloud without alarms, the console raises them itself while it is open.
    <LocalAlarmWatch username={username}>
      <ShellLayout username={username} />
    </LocalAlarmWatch>
  );
}

function ShellLayout({ username }: { username: string }) {
  const [opened, { toggle, close }] = useDisclosure();
  // A phone's header holds the menu button, the name, alarms and the cloud's state; with the
  // language and the theme too it was 407 px wide on a 390 px screen (issue 33). Rendered once,
  // where it is seen, so a selector finds one language choice.
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const navigation = useNavigation();
  // The language this person chose before, here or on another visit (kept per person).
  const { restoreFor } = useLanguage();
  useEffect(() => restoreFor(username), [restoreFor, username]);
  // The folded navigation closes as a drawer does: a click beside it, or Escape.
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);
  const drawer = useClickOutside<HTMLDivElement>(close, null, [burger], opened);
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });
  return (
    <div className="tc-shell">
      <header className="tc-shell-header">
        <a href="#main" className="tc-skip-link">
          {t('shell.skipToContent')}
        </a>
        {navigation.state !== 'idle' && (
          <div className="tc-progress" role="progressbar" aria-label={t('common.loadingPage')} />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={setBurger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t(opened ? 'shell.closeNavigation' : 'shell.openNavigation')}
              aria-expanded={opened}
              aria-controls="tc-navigation"
            />
            <UnstyledButton component={Link} to={paths.fleet.href()}>
              <Text fw={700} size="lg">
                {t('shell.product')}
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <AlarmBadge />
            <CloudStatus />
            {wide && <Preferences username={username} />}
          </Group>
        </Group>
      </header>
      <div ref={drawer} className="tc-shell-nav" id="tc-navigation" data-open={opened || undefined}>
        <nav aria-label={t('shell.mainNavigation')} className="tc-shell-nav-links">
          <NavLinks onNavigate={close} />
        </nav>
        {!wide && (
          <div className="tc-shell-preferences">
            <Preferences username={username} />
          </div>
        )}
        <div className="tc-shell-user">
          <UserPanel username={username} />
        </div>
      </div>
      <main className="tc-shell-main" id="main" tabIndex={-1}>
        <NetworkBanner />
        <Outlet />
      </main>
    </div>
  );
}
