import { createHash } from 'node:crypto';
import { creditCheckChar } from '@chaopin/contracts';

// The GB 32100 check lives in contracts, so that the web's invoice-title form checks the same way.
export { creditCheckChar };

/** GB 11714 weights of the organisation code's eight body characters. */
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];
/** Hangzhou Xihu district: where the demo stores are registered. */
const DIVISION_CODE = '330106';

/**
 * A made-up but well-formed unified social credit code for a store: 9 (market regulator),
 * 1 (company), a division code, a 9-character organisation code with its GB 11714 check digit,
 * then the GB 32100 check character. The same store id always gives the same code.
 */
export function creditCodeFor(storeId: number): string {
  const digest = createHash('sha256').update(`store-license:${storeId}`).digest();
  let body = '';
  for (let i = 0; i < 8; i++) body += String((digest[i] ?? 0) % 10);
  const orgSum = [...body].reduce((sum, c, i) => sum + Number(c) * (ORG_WEIGHTS[i] ?? 0), 0);
  const orgCheck = 11 - (orgSum % 11);
  const org = body + (orgCheck === 10 ? 'X' : orgCheck === 11 ? '0' : String(orgCheck));
  const first17 = `91${DIVISION_CODE}${org}`;
  return first17 + creditCheckChar(first17);
}

const FONTS = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', serif";

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

export interface LicenseFacts {
  companyName: string;
  creditCode: string;
  openedAt: Date;
}

/** A 750×1000 business licence (营业执照) as SVG; the viewer's browser renders the Chinese text. */
export function licenseSvg(facts: LicenseFacts): string {
  const d = facts.openedAt;
  const date = `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
  const rows: [string, string][] = [
    ['统一社会信用代码', facts.creditCode],
    ['名称', facts.companyName],
    ['类型', '有限责任公司（自然人投资或控股）'],
    ['法定代表人', '张**'],
    ['经营范围', '日用百货、服装鞋帽、食品销售；'],
    ['', '互联网销售（许可项目除外）'],
    ['注册资本', '壹佰万元整'],
    ['成立日期', date],
    ['住所', '浙江省杭州市西湖区文三路 90 号'],
  ];
  const lines = rows
    .map(
      ([label, value], i) =>
        `<text x="80" y="${330 + i * 62}" font-size="22" fill="#333">${escapeXml(label)}</text>
    <text x="272" y="${330 + i * 62}" font-size="24" fill="#111">${escapeXml(value)}</text>`,
    )
    .join('\n    ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1000" viewBox="0 0 750 1000" font-family="${FONTS}">
    <rect width="750" height="1000" fill="#fbf6ea"/>
    <rect x="24" y="24" width="702" height="952" fill="none" stroke="#b8862b" stroke-width="10"/>
    <rect x="44" y="44" width="662" height="912" fill="none" stroke="#b8862b" stroke-width="2"/>
    <text x="375" y="190" text-anchor="middle" font-size="72" font-weight="700" fill="#b0201a"
      letter-spacing="24">营业执照</text>
    <text x="375" y="240" text-anchor="middle" font-size="22" fill="#555">（副本）</text>
    ${lines}
    <circle cx="590" cy="890" r="56" fill="none" stroke="#d0021b" stroke-width="4" opacity=".85"/>
    <text x="590" y="898" text-anchor="middle" font-size="20" fill="#d0021b" opacity=".85">登记机关</text>
    <text x="80" y="930" font-size="18" fill="#999">演示数据，仅供展示</text>
  </svg>`;
}
