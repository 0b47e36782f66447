/** Tables of this area, merged into the Database interface (database/schema.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface NotificationsTables {}
