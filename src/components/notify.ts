import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Dismiss notification' };

/** A short confirmation that what the person asked for happened. */
export function notifyDone(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps });
}

export function notifyFailed(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, closeButtonProps });
}
