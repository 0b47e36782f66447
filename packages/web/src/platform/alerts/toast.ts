import { notifications } from '@mantine/notifications';

/** A short confirmation at the bottom left that goes away by itself (platform §9: 8000 ms). */
export function showToast(message: string): void {
  notifications.show({ message, color: 'teal' });
}
