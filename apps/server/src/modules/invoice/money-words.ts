const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

function integerWords(n: number): string {
  const s = String(n);
  let out = '';
  let zeros = 0;
  for (let i = 0; i < s.length; i++) {
    const d = Number(s[i]);
    const pos = s.length - 1 - i;
    if (d === 0) zeros++;
    else {
      if (zeros > 0 && out) out += '零';
      zeros = 0;
      out += (DIGITS[d] ?? '') + (UNITS[pos % 4] ?? '');
    }
    // A section word (万, 亿) follows a group of four that has any non-zero digit.
    if (pos % 4 === 0 && pos > 0 && /[1-9]/.test(s.slice(Math.max(0, i - 3), i + 1))) {
      out += SECTIONS[pos / 4] ?? '';
    }
  }
  return out;
}

/** An amount in fen written in Chinese capitals, as on an invoice: 12300 → 壹佰贰拾叁元整. */
export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`bad amount: ${fen}`);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${integerWords(yuan)}元` : '';
  if (jiao === 0 && cent === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cent > 0) out += `${DIGITS[cent]}分`;
  else out += '整';
  return out;
}
