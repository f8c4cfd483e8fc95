import { Type } from 'typebox';

/** SPEC §7: `data` holds the stored URL (path on this server, e.g. /uploads/2026/11/ab12….jpg). */
export const UploadData = Type.String();
