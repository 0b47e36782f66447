import { createValueStore } from '../../platform/appState/valueStore.ts';

/** Platform §3 notificationPaneIsOpen. */
export const notificationPaneState = createValueStore(false);
