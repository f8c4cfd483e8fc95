import { SHIP_IMPORT_MAX_ROWS } from '@chaopin/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../../platform/errors.ts';

/** One data row of a 批量发货 file: its 1-based line in the file and its cells. */
export interface ShipCsvRow {
  line: number;
  cells: string[];
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** A first row naming the columns (订单号,快递公司,快递单号 or the English names) is skipped. */
const HEADER = /^(订单号|订单编号|order\s*no\.?|order_?no|ordernumber)$/i;

/**
 * The file's text: UTF-8 (with or without a BOM), else GB18030 — what Excel on a Chinese Windows
 * saves as "CSV (逗号分隔)".
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * The rows of a shipping file (订单号,快递公司,快递单号 per line, header optional), parsed by
 * csv-parse: quoted cells, CRLF or LF, blank lines skipped. Each row keeps the line it started on,
 * so a refused row is reported where the merchant sees it in their editor.
 */
export function parseShipCsv(text: string): ShipCsvRow[] {
  let records: CsvRecord[];
  try {
    // With `info`, each record comes with where it was read (csv-parse's types miss this).
    records = parse(text, {
      bom: true,
      info: true,
      trim: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // Any line ending, even mixed in one file (csv-parse would otherwise take the first one's).
      record_delimiter: ['\r\n', '\n', '\r'],
      // One more than allowed is enough to know the file is too long.
      to: SHIP_IMPORT_MAX_ROWS + 2,
    }) as unknown as CsvRecord[];
  } catch (err) {
    if (err instanceof CsvError) throw new AppError('SHIP_IMPORT_INVALID');
    throw err;
  }
  const rows = records.map((r, i) => ({
    line: startLine(records, i),
    cells: r.record.map((c) => c.trim()),
  }));
  const first = rows[0];
  if (first && HEADER.test(first.cells[0] ?? '')) rows.shift();
  if (rows.length === 0) throw new AppError('SHIP_IMPORT_EMPTY');
  if (rows.length > SHIP_IMPORT_MAX_ROWS) {
    throw new AppError('SHIP_IMPORT_TOO_MANY', { max: SHIP_IMPORT_MAX_ROWS });
  }
  return rows;
}

/**
 * csv-parse counts the lines read when a record ends; a record starts on the line after the one
 * where the one before it ended, past any blank lines (which it skipped), so the start is the end
 * minus the record's own line breaks.
 */
function startLine(records: CsvRecord[], i: number): number {
  const r = records[i] as CsvRecord;
  const breaks = r.record.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return r.info.lines - breaks;
}
