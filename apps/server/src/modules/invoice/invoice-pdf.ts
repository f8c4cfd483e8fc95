import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { InvoiceItemJson } from './invoice.tables.ts';
import { amountInWords } from './money-words.ts';

export interface InvoicePdfFacts {
  invoiceNo: string;
  issuedAt: Date;
  orderNo: string;
  buyer: { name: string; taxNo: string | null; address: string; phone: string };
  seller: { name: string; taxNo: string };
  content: string;
  items: InvoiceItemJson[];
  amount: number;
}

let fontBytes: Promise<Buffer> | undefined;
/**
 * Noto Sans Hans (GB 2312 coverage) shipped by npm, so a PDF renders Chinese offline; pdfkit
 * embeds only the glyphs used, which keeps each invoice around 50 KB.
 */
function cjkFont(): Promise<Buffer> {
  if (!fontBytes) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    fontBytes = readFile(join(dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf'));
    fontBytes.catch(() => {
      fontBytes = undefined;
    });
  }
  return fontBytes;
}

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const chinaDate = (d: Date) => {
  const cn = new Date(d.getTime() + 8 * 3600_000);
  return `${cn.getUTCFullYear()}年${String(cn.getUTCMonth() + 1).padStart(2, '0')}月${String(cn.getUTCDate()).padStart(2, '0')}日`;
};

const RED = '#b0201a';
const INK = '#222222';
const LINE = '#9c6b3a';

/** Renders an electronic ordinary invoice (A5 landscape, one page) to PDF bytes. */
export async function renderInvoicePdf(f: InvoicePdfFacts): Promise<Buffer> {
  const font = await cjkFont();
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 24,
    info: {
      Title: `电子发票 ${f.invoiceNo}`,
      Author: f.seller.name,
      Subject: `Invoice ${f.invoiceNo}`,
      Keywords: `invoice ${f.invoiceNo} order ${f.orderNo}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font);
  doc.font('cjk');

  const W = doc.page.width;
  const left = 24;
  const right = W - 24;
  const width = right - left;

  doc
    .fillColor(RED)
    .fontSize(20)
    .text('电子发票（普通发票）', left, 26, { width, align: 'center' });
  doc
    .moveTo(W / 2 - 110, 54)
    .lineTo(W / 2 + 110, 54)
    .moveTo(W / 2 - 110, 57)
    .lineTo(W / 2 + 110, 57)
    .lineWidth(0.8)
    .strokeColor(RED)
    .stroke();
  doc.fillColor(INK).fontSize(8.5);
  doc.text(`发票号码：${f.invoiceNo}`, right - 170, 64, { width: 170 });
  doc.text(`开票日期：${chinaDate(f.issuedAt)}`, right - 170, 77, { width: 170 });

  // Buyer and seller boxes.
  const top = 94;
  const partyH = 62;
  doc.lineWidth(0.8).strokeColor(LINE).rect(left, top, width, partyH).stroke();
  doc
    .moveTo(left + width / 2, top)
    .lineTo(left + width / 2, top + partyH)
    .stroke();
  const party = (x: number, label: string, lines: string[]) => {
    doc
      .fillColor(LINE)
      .fontSize(8.5)
      .text(label, x + 6, top + 6);
    doc.fillColor(INK).fontSize(8.5);
    lines.forEach((line, i) => {
      doc.text(line, x + 6, top + 20 + i * 13, { width: width / 2 - 12, lineBreak: false });
    });
  };
  party(left, '购买方信息', [
    `名称：${f.buyer.name}`,
    `统一社会信用代码/纳税人识别号：${f.buyer.taxNo ?? '—'}`,
    [f.buyer.address, f.buyer.phone].filter(Boolean).join(' ') || ' ',
  ]);
  party(left + width / 2, '销售方信息', [
    `名称：${f.seller.name}`,
    `统一社会信用代码/纳税人识别号：${f.seller.taxNo}`,
  ]);

  // Lines.
  const cols = [
    { label: '项目名称', w: 0.4 },
    { label: '规格型号', w: 0.22 },
    { label: '数量', w: 0.1 },
    { label: '单价', w: 0.13 },
    { label: '金额', w: 0.15 },
  ];
  let y = top + partyH + 8;
  const row = (cells: string[], color = INK) => {
    let x = left;
    doc.fillColor(color).fontSize(8);
    cells.forEach((cell, i) => {
      const w = (cols[i]?.w ?? 0) * width;
      doc.text(cell, x + 4, y, {
        width: w - 8,
        align: i >= 2 ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += w;
    });
    y += 14;
  };
  row(
    cols.map((c) => c.label),
    LINE,
  );
  const shown = f.items.slice(0, 8);
  for (const item of shown) {
    row([
      `*${f.content}*${item.title}`,
      item.skuName,
      String(item.quantity),
      yuan(item.price),
      yuan(item.amount),
    ]);
  }
  if (f.items.length > shown.length)
    row([`（其余 ${f.items.length - shown.length} 项见订单 ${f.orderNo}）`, '', '', '', '']);
  const goods = f.items.reduce((s, i) => s + i.amount, 0);
  // The invoice is for what was paid: shipping shows as its own line.
  if (f.amount > goods)
    row([`*物流辅助服务*运费`, '', '1', yuan(f.amount - goods), yuan(f.amount - goods)]);
  y += 4;
  doc.moveTo(left, y).lineTo(right, y).strokeColor(LINE).stroke();
  y += 6;
  row(['合计', '', '', '', `¥${yuan(f.amount)}`]);
  doc.fillColor(INK).fontSize(9);
  doc.text(`价税合计（大写）  ⊗ ${amountInWords(f.amount)}`, left + 4, y + 2, {
    width: width * 0.7,
  });
  doc.text(`（小写）¥${yuan(f.amount)}`, left + width * 0.7, y + 2, {
    width: width * 0.3 - 4,
    align: 'right',
  });
  y += 22;
  doc
    .fillColor(LINE)
    .fontSize(8)
    .text(`备注：订单号 ${f.orderNo}`, left + 4, y);

  // A mock seal: red ellipse with the seller's name and 发票专用章.
  const cx = right - 80;
  const cy = doc.page.height - 70;
  doc.save().opacity(0.85);
  doc.lineWidth(2).strokeColor('#d0021b').ellipse(cx, cy, 58, 38).stroke();
  doc.fillColor('#d0021b').fontSize(7.5);
  doc.text(f.seller.name, cx - 52, cy - 20, {
    width: 104,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  });
  doc.fontSize(7).text(f.seller.taxNo, cx - 52, cy - 4, { width: 104, align: 'center' });
  doc.fontSize(10).text('发票专用章', cx - 52, cy + 10, { width: 104, align: 'center' });
  doc.restore();
  doc
    .fillColor(INK)
    .fontSize(8.5)
    .text('开票人：潮品直播', left + 4, doc.page.height - 40);

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
