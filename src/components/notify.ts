import { notifications } from '@mantine/notifications';
import { t } from '../i18n/i18n.ts';

// Built when shown, so it speaks the language of that moment.
const closeButtonProps = () => ({ 'aria-label': t('common.dismissNotification') });

/** A short confirmation that what the person asked for happened. */
export function notifyDone(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps: closeButtonProps() });
}

export function notifyFailed(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, closeButtonProps: closeButtonProps() });
}
