/** Row types of the catalogue-detail tables (composed into DB in platform/db-types.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in as the module's tables are added
export interface CatalogueDetailTables {}
