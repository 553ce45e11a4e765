import type { ReactNode } from 'react';
import { Button, Drawer, Stack } from '@mantine/core';
import { t } from '../../i18n/i18n.ts';
import { BottomSheet } from './bottom-sheet.tsx';
import styles from './fleet.module.css';
import { cardShown, type PhoneCover, type PhoneCoverAction } from './phone-sheets.ts';

export interface PhoneFleetProps {
  map: ReactNode;
  list: ReactNode;
  /** The chosen node's card, shown over the map's lower part while nothing else covers it. */
  card: ReactNode;
  /** Show, silent after, the moment, the status line, notes and the legend. */
  options: ReactNode;
  nodeCount: number;
  cover: PhoneCover;
  onCover: (action: PhoneCoverAction) => void;
}

/**
 * The Fleet page on a phone, map first (decision 0165): the map fills the first screen; the
 * options are a drawer opened from a button over the map, the list a sheet fixed to the window's
 * bottom, a chosen node's card a peek above the sheet's handle. The drawer is modal (Mantine's,
 * over everything, focus kept inside, Escape closes it); the sheet stacks above the map and every
 * control of the page, so that nothing under either shows through or takes a tap.
 */
export function PhoneFleet({
  map,
  list,
  card,
  options,
  nodeCount,
  cover,
  onCover,
}: PhoneFleetProps) {
  const expanded = cover === 'list';
  return (
    <div className={styles.phoneBody}>
      {map}
      <Button
        className={styles.optionsButton}
        variant="default"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={cover === 'options'}
        onClick={() => onCover({ type: 'options', open: true })}
      >
        {t('fleetMap.options.open')}
      </Button>
      <BottomSheet
        label={t('fleetMap.sheet.label')}
        handleLabel={
          expanded ? t('fleetMap.sheet.close') : t('fleetMap.sheet.open', { count: nodeCount })
        }
        expanded={expanded}
        onExpanded={(open) => onCover({ type: 'list', open })}
        top={cardShown(cover, Boolean(card)) ? card : undefined}
      >
        {list}
      </BottomSheet>
      <Drawer.Root
        opened={cover === 'options'}
        onClose={() => onCover({ type: 'options', open: false })}
        position="bottom"
        size="auto"
      >
        {/* Light, so that the map above the drawer shows what a change of option does. */}
        <Drawer.Overlay backgroundOpacity={0.15} />
        <Drawer.Content
          // By part: a className or style of its own would go to the inner frame as well.
          classNames={{ content: styles.optionsDrawer }}
          // As tall as the options, not Mantine's fixed size: the map stays in view above them.
          styles={{ content: { height: 'auto' } }}
        >
          {/* Not a <header>: beside the shell's, a second banner landmark (axe). */}
          <Drawer.Header component="div">
            <Drawer.Title>{t('fleetMap.options.title')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('fleetMap.options.close')} />
          </Drawer.Header>
          <Drawer.Body>
            <Stack gap="sm">{options}</Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </div>
  );
}
