import { defineArea } from '../area.ts';
import { notificationSessionCommands } from './commands.ts';

/** A user's notifications, history and tasks. */
export const notificationsArea = defineArea({
  name: 'notifications',
  sessionCommands: notificationSessionCommands,
});
