/** The limits of admin/rule/update (packages/contracts service.ts). */
export const RULE_TITLE_MAX = 60;
export const RULE_PARAGRAPHS_MAX = 200;
export const RULE_PARAGRAPH_MAX = 2000;
export const RULE_CODE_PATTERN = /^[a-z][a-z0-9_]*$/;

/**
 * A paragraph that opens a section (一、账号注册与使用) is shown as its heading: the shopper app's
 * rule (apps/web RuleView), so the preview looks as the page will.
 */
export const isSectionHeading = (p: string) =>
  /^[一二三四五六七八九十]{1,3}、\S/.test(p) && p.length <= 30;

/** The rule pages the shopper app shows, by code. */
export const RULE_NAMES: Record<string, string> = {
  shopping: '购物规则',
  promotion: '推广规则',
  deduction: '抵扣规则',
  agreement: '用户协议',
  privacy: '隐私政策',
};

/** Paragraphs as the server stores them: trimmed, empty ones dropped. */
export function cleanParagraphs(paragraphs: readonly (string | undefined)[]): string[] {
  return paragraphs.map((p) => (p ?? '').trim()).filter(Boolean);
}
