/** The limits of admin/dictionary/save (packages/contracts console/content.ts). */
export const ITEMS_MIN = 1;
export const ITEMS_MAX = 20;
export const LABEL_MAX = 20;
export const VALUE_MAX = 100;

export interface ItemDraft {
  label?: string;
  value?: string;
}

/** The editable dictionaries, as the page's tabs name them. */
export const DICTIONARIES = [
  {
    code: 'contact_us',
    name: '联系我们',
    hint: '用户在“联系我们”页看到的联系方式，如 客服电话 → 400-800-1234',
    labelName: '名称',
    valueName: '内容',
  },
  {
    code: 'feedback_type',
    name: '反馈类型',
    hint: '用户提交意见反馈时可选的类型；值是保存在反馈上的编码，已有反馈按它显示类型名',
    labelName: '类型名',
    valueName: '编码',
  },
  {
    code: 'report_reason',
    name: '举报原因',
    hint: '用户举报时可选的原因',
    labelName: '原因',
    valueName: '值',
  },
] as const;
export type DictionaryCode = (typeof DICTIONARIES)[number]['code'];

/** Whether the row's value (trimmed) is also some earlier or later row's. */
export function isDuplicateValue(
  items: readonly (ItemDraft | undefined)[],
  index: number,
): boolean {
  const own = items[index]?.value?.trim();
  if (!own) return false;
  return items.some((it, i) => i !== index && it?.value?.trim() === own);
}

/** The rows as the server takes them: trimmed. */
export function cleanItems(items: readonly (ItemDraft | undefined)[]) {
  return items.map((it) => ({ label: it?.label?.trim() ?? '', value: it?.value?.trim() ?? '' }));
}
