import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside, useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { Link, Outlet, useNavigation } from 'react-router';
import { CloudStatus } from './cloud-status.tsx';
import { NavLinks } from './nav-links.tsx';
import { NetworkBanner } from './network-banner.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserPanel } from './user-panel.tsx';
import { paths } from '../../lib/paths.ts';

/**
 * Header, navigation and page. A plain CSS layout (global.css, `.tc-shell`) rather than Mantine's
 * AppShell, which with its scroll-lock dependency costs a tenth of the first page's budget. Below
 * 62em (tablets) the navigation folds behind the burger, leaving tables the whole width.
 */
export function Shell({ username }: { username: string }) {
  const [opened, { toggle, close }] = useDisclosure();
  const navigation = useNavigation();
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
          Skip to content
        </a>
        {navigation.state !== 'idle' && (
          <div className="tc-progress" role="progressbar" aria-label="Loading page" />
        )}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={setBurger}
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="tc-navigation"
            />
            <UnstyledButton component={Link} to={paths.fleet.href()}>
              <Text fw={700} size="lg">
                Telemetry Console
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CloudStatus />
            <ThemeToggle />
          </Group>
        </Group>
      </header>
      <div ref={drawer} className="tc-shell-nav" id="tc-navigation" data-open={opened || undefined}>
        <nav aria-label="Main navigation" className="tc-shell-nav-links">
          <NavLinks onNavigate={close} />
        </nav>
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
