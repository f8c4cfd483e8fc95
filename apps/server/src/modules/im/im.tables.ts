/** Row types of this module's tables (composed into DB in platform/db-types.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled as the module's tables land
export interface ImTables {}
